// Just over 400 lines: UIKit's whole snapshot API (every mutation with its checks and UIKit's
// messages) in one type, as UIKit has it; the diff is in DiffableDataSourceSnapshot+Difference.

import Foundation

/// UIKit's `NSDiffableDataSourceSnapshot`: the sections and items of a collection view at one
/// moment, by identifier, with UIKit's mutations and queries. Apply it with
/// `CollectionViewDiffableDataSource.apply(_:animatingDifferences:completion:)`; the data source
/// works out the batch update (`DiffableDataSourceSnapshot.batchUpdate(from:to:)`).
///
/// Identifiers are unique across the snapshot, items across all sections, as in UIKit. UIKit
/// raises `NSInternalInconsistencyException` for a mutation that breaks its rules; here the
/// mutation changes nothing and its error (UIKit's message) is kept in `errors`, and applying a
/// snapshot that has errors is refused with the first one, nothing changed.
///
/// Cost: appends, deletes and membership queries are O(1) per identifier (hash tables);
/// positional queries (`indexOfItem`, inserting before or after an item) scan the item's section.
public struct DiffableDataSourceSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
    public typealias SectionIdentifier = SectionIdentifierType
    public typealias ItemIdentifier = ItemIdentifierType

    fileprivate(set) var sections: [SectionIdentifier] = []
    /// Items of each section, parallel to `sections`.
    fileprivate(set) var items: [[ItemIdentifier]] = []
    /// Section index by identifier (rebuilt when sections are added, removed or moved).
    fileprivate(set) var sectionIndex: [SectionIdentifier: Int] = [:]
    /// Section of each item, by the section's identifier (stable when sections move).
    fileprivate(set) var sectionOfItem: [ItemIdentifier: SectionIdentifier] = [:]

    public private(set) var reloadedItemIdentifiers: [ItemIdentifier] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemIdentifier] = []
    public private(set) var reloadedSectionIdentifiers: [SectionIdentifier] = []

    /// Mutations UIKit would have raised for (UIKit's messages), in order; each changed nothing.
    public private(set) var errors: [UpdateError] = []
    /// What UIKit logs without raising (an appended item that already existed was moved into
    /// place instead), in order.
    public private(set) var warnings: [String] = []

    public init() {}

    // MARK: Queries

    public var numberOfItems: Int { sectionOfItem.count }
    public var numberOfSections: Int { sections.count }
    public var sectionIdentifiers: [SectionIdentifier] { sections }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifier] { items.flatMap { $0 } }

    public func numberOfItems(inSection identifier: SectionIdentifier) -> Int {
        sectionIndex[identifier].map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection identifier: SectionIdentifier) -> [ItemIdentifier] {
        sectionIndex[identifier].map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifier) -> SectionIdentifier? {
        sectionOfItem[identifier]
    }

    /// The item's index counting every item of the sections before it, as UIKit counts it.
    public func indexOfItem(_ identifier: ItemIdentifier) -> Int? {
        guard let section = sectionOfItem[identifier], let s = sectionIndex[section],
            let index = items[s].firstIndex(of: identifier)
        else { return nil }
        return items[..<s].reduce(index) { $0 + $1.count }
    }

    public func indexOfSection(_ identifier: SectionIdentifier) -> Int? { sectionIndex[identifier] }

    /// The item's section index and index in its section.
    public func indexPath(of identifier: ItemIdentifier) -> IndexPath? {
        guard let section = sectionOfItem[identifier], let s = sectionIndex[section],
            let index = items[s].firstIndex(of: identifier)
        else { return nil }
        return IndexPath(item: index, section: s)
    }

    func containsItem(_ identifier: ItemIdentifier) -> Bool { sectionOfItem[identifier] != nil }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifier]) {
        guard checkNewSections(identifiers) else { return }
        for identifier in identifiers {
            sectionIndex[identifier] = sections.count
            sections.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifier], beforeSection: SectionIdentifier) {
        guard checkInsertion(identifiers, relativeTo: beforeSection) else { return }
        guard let target = sectionIndex[beforeSection] else {
            return fail(Self.missingSection(beforeSection, action: "insert sections before"))
        }
        insertSections(identifiers, at: target)
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifier], afterSection: SectionIdentifier) {
        guard checkInsertion(identifiers, relativeTo: afterSection) else { return }
        guard let target = sectionIndex[afterSection] else {
            return fail(Self.missingSection(afterSection, action: "insert sections after"))
        }
        insertSections(identifiers, at: target + 1)
    }

    private mutating func insertSections(_ identifiers: [SectionIdentifier], at index: Int) {
        guard checkNewSections(identifiers) else { return }
        sections.insert(contentsOf: identifiers, at: index)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindexSections()
    }

    /// Removes the sections and their items; identifiers not in the snapshot are ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifier]) {
        let doomed = Set(identifiers)
        guard doomed.contains(where: { sectionIndex[$0] != nil }) else { return }
        var keptSections: [SectionIdentifier] = []
        var keptItems: [[ItemIdentifier]] = []
        for (index, section) in sections.enumerated() {
            if doomed.contains(section) {
                for item in items[index] { sectionOfItem[item] = nil }
            } else {
                keptSections.append(section)
                keptItems.append(items[index])
            }
        }
        sections = keptSections
        items = keptItems
        reindexSections()
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
        pruneFlags()
    }

    public mutating func moveSection(_ identifier: SectionIdentifier, beforeSection toSection: SectionIdentifier) {
        moveSection(identifier, relativeTo: toSection, after: false)
    }

    public mutating func moveSection(_ identifier: SectionIdentifier, afterSection toSection: SectionIdentifier) {
        moveSection(identifier, relativeTo: toSection, after: true)
    }

    private mutating func moveSection(
        _ identifier: SectionIdentifier, relativeTo target: SectionIdentifier, after: Bool
    ) {
        guard let from = sectionIndex[identifier] else {
            return fail(Self.missingSection(identifier, action: "move section"))
        }
        guard sectionIndex[target] != nil else {
            return fail(Self.missingSection(target, action: after ? "move a section after" : "move a section before"))
        }
        guard identifier != target else {
            return fail(.snapshot(.relativeToItself(.section, action: "move", identifier: "\(identifier)")))
        }
        let moved = items.remove(at: from)
        sections.remove(at: from)
        let to = sections.firstIndex(of: target)! + (after ? 1 : 0)
        sections.insert(identifier, at: to)
        items.insert(moved, at: to)
        reindexSections()
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifier]) {
        for identifier in identifiers where sectionIndex[identifier] == nil {
            return fail(
                .snapshot(.missing(.section, action: "reload", identifier: "\(identifier)"))
            )
        }
        for identifier in identifiers where !reloadedSectionIdentifiers.contains(identifier) {
            reloadedSectionIdentifiers.append(identifier)
        }
    }

    // MARK: Items

    /// Appends to `section`, or to the last section when nil. An item already in the snapshot
    /// is moved into place (UIKit logs a warning since iOS 15 and does the same).
    public mutating func appendItems(_ identifiers: [ItemIdentifier], toSection section: SectionIdentifier? = nil) {
        guard let s = targetSection(section) else { return }
        guard checkUnique(identifiers) else { return }
        removeExisting(identifiers)
        let sectionID = sections[s]
        items[s].append(contentsOf: identifiers)
        for identifier in identifiers { sectionOfItem[identifier] = sectionID }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifier], beforeItem: ItemIdentifier) {
        insertItems(identifiers, relativeTo: beforeItem, after: false)
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifier], afterItem: ItemIdentifier) {
        insertItems(identifiers, relativeTo: afterItem, after: true)
    }

    private mutating func insertItems(_ identifiers: [ItemIdentifier], relativeTo target: ItemIdentifier, after: Bool) {
        // UIKit checks the identifiers and the destination as it makes the update, before it
        // looks the destination up.
        guard checkUnique(identifiers) else { return }
        if identifiers.contains(target) {
            return fail(.snapshot(.destinationInInsertedList(.item, destination: "\(target)")))
        }
        guard sectionOfItem[target] != nil else {
            return fail(Self.missingItem(target, action: after ? "insert items after" : "insert items before"))
        }
        removeExisting(identifiers)
        let section = sectionOfItem[target]!
        let s = sectionIndex[section]!
        let index = items[s].firstIndex(of: target)! + (after ? 1 : 0)
        items[s].insert(contentsOf: identifiers, at: index)
        for identifier in identifiers { sectionOfItem[identifier] = section }
    }

    /// Removes the items; identifiers not in the snapshot are ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifier]) {
        var bySection: [Int: Set<ItemIdentifier>] = [:]
        for identifier in identifiers {
            guard let section = sectionOfItem.removeValue(forKey: identifier) else { continue }
            bySection[sectionIndex[section]!, default: []].insert(identifier)
        }
        guard !bySection.isEmpty else { return }
        for (s, doomed) in bySection { items[s].removeAll { doomed.contains($0) } }
        pruneFlags()
    }

    /// Removes every section and item.
    public mutating func deleteAllItems() {
        sections = []
        items = []
        sectionIndex = [:]
        sectionOfItem = [:]
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
        reloadedSectionIdentifiers = []
    }

    public mutating func moveItem(_ identifier: ItemIdentifier, beforeItem toItem: ItemIdentifier) {
        moveItem(identifier, relativeTo: toItem, after: false)
    }

    public mutating func moveItem(_ identifier: ItemIdentifier, afterItem toItem: ItemIdentifier) {
        moveItem(identifier, relativeTo: toItem, after: true)
    }

    private mutating func moveItem(_ identifier: ItemIdentifier, relativeTo target: ItemIdentifier, after: Bool) {
        guard let from = sectionOfItem[identifier] else {
            return fail(Self.missingItem(identifier, action: "move item"))
        }
        guard let to = sectionOfItem[target] else {
            return fail(Self.missingItem(target, action: after ? "move an item after" : "move an item before"))
        }
        guard identifier != target else {
            return fail(.snapshot(.relativeToItself(.item, action: "move", identifier: "\(identifier)")))
        }
        let fromIndex = sectionIndex[from]!
        items[fromIndex].remove(at: items[fromIndex].firstIndex(of: identifier)!)
        let toIndex = sectionIndex[to]!
        items[toIndex].insert(identifier, at: items[toIndex].firstIndex(of: target)! + (after ? 1 : 0))
        sectionOfItem[identifier] = to
    }

    /// Marks items to reload: the data source asks for their content again and UIKit replaces
    /// their cells (a cross-fade).
    public mutating func reloadItems(_ identifiers: [ItemIdentifier]) {
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            return fail(
                .snapshot(.missing(.item, action: "reload", identifier: "\(identifier)")))
        }
        appendFlags(identifiers, to: &reloadedItemIdentifiers)
    }

    /// Marks items to reconfigure: the data source asks for their content again and the cells
    /// show it in place, without animation (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifier]) {
        for identifier in identifiers where sectionOfItem[identifier] == nil {
            return fail(
                .snapshot(.missing(.item, action: "reconfigure", identifier: "\(identifier)")))
        }
        appendFlags(identifiers, to: &reconfiguredItemIdentifiers)
    }

    /// The snapshot without its reload and reconfigure marks (what the data source keeps once
    /// it has applied them).
    func clearingMarks() -> Self {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }

    // MARK: Checks and messages

    /// UIKit's message for identifiers repeated in one call (its `NSSet` description).
    static func notUnique(_ kind: SnapshotError.Kind, _ duplicates: [String]) -> UpdateError {
        .snapshot(.notUnique(kind, duplicates: duplicates))
    }

    /// The identifiers that occur more than once in `list`, once each, in first-repeat order.
    static func duplicates<T: Hashable>(in list: [T]) -> [T] {
        var seen = Set<T>()
        var reported = Set<T>()
        var result: [T] = []
        for element in list where !seen.insert(element).inserted {
            if reported.insert(element).inserted { result.append(element) }
        }
        return result
    }

    private static func missingSection(_ identifier: SectionIdentifier, action: String) -> UpdateError {
        .snapshot(.missing(.section, action: action, identifier: "\(identifier)"))
    }

    private static func missingItem(_ identifier: ItemIdentifier, action: String) -> UpdateError {
        .snapshot(.missing(.item, action: action, identifier: "\(identifier)"))
    }

    private mutating func fail(_ error: UpdateError) { errors.append(error) }

    /// Sections inserted relative to `target`: unique, and `target` not among them (UIKit's
    /// update refuses that before the destination is looked up).
    private mutating func checkInsertion(_ identifiers: [SectionIdentifier], relativeTo target: SectionIdentifier)
        -> Bool
    {
        let repeated = Self.duplicates(in: identifiers)
        guard repeated.isEmpty else {
            fail(Self.notUnique(.section, repeated.map { "\($0)" }))
            return false
        }
        guard !identifiers.contains(target) else {
            fail(.snapshot(.destinationInInsertedList(.section, destination: "\(target)")))
            return false
        }
        return true
    }

    private mutating func checkNewSections(_ identifiers: [SectionIdentifier]) -> Bool {
        let repeated = Self.duplicates(in: identifiers)
        guard repeated.isEmpty else {
            fail(Self.notUnique(.section, repeated.map { "\($0)" }))
            return false
        }
        let existing = identifiers.filter { sectionIndex[$0] != nil }
        guard existing.isEmpty else {
            fail(
                .snapshot(.sectionsAlreadyExist(existing.map { "\($0)" })))
            return false
        }
        return true
    }

    private mutating func checkUnique(_ identifiers: [ItemIdentifier]) -> Bool {
        let repeated = Self.duplicates(in: identifiers)
        guard repeated.isEmpty else {
            fail(Self.notUnique(.item, repeated.map { "\($0)" }))
            return false
        }
        return true
    }

    /// The section appended to: `section`, or the last one.
    private mutating func targetSection(_ section: SectionIdentifier?) -> Int? {
        guard let section else {
            guard !sections.isEmpty else {
                fail(.snapshot(.noSections))
                return nil
            }
            return sections.count - 1
        }
        guard let index = sectionIndex[section] else {
            fail(.snapshot(.sectionNotFound))
            return nil
        }
        return index
    }

    /// Takes out items that are already in the snapshot before they are added elsewhere
    /// (UIKit moves them into place and logs a warning).
    private mutating func removeExisting(_ identifiers: [ItemIdentifier]) {
        let existing = identifiers.filter { sectionOfItem[$0] != nil }
        guard !existing.isEmpty else { return }
        let count = existing.count
        let one = count == 1
        warnings.append(
            "Diffable data source detected an attempt to insert or append \(count) item identifier\(one ? "" : "s") "
                + "that already exist\(one ? "s" : "") in the snapshot. The existing item identifier\(one ? "" : "s") "
                + "will be moved into place instead, but this operation will be more expensive. For best "
                + "performance, inserted item identifiers should always be unique. Set a symbolic breakpoint on "
                + "BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to catch this in the debugger. "
                + "Item identifier\(one ? " that already exists" : "s that already exist"): "
                + existing.map { "\($0)" }.joined(separator: ", "))
        var bySection: [Int: Set<ItemIdentifier>] = [:]
        for identifier in existing {
            let section = sectionOfItem.removeValue(forKey: identifier)!
            bySection[sectionIndex[section]!, default: []].insert(identifier)
        }
        for (s, moved) in bySection { items[s].removeAll { moved.contains($0) } }
    }

    private mutating func reindexSections() {
        sectionIndex = Dictionary(uniqueKeysWithValues: sections.enumerated().map { ($1, $0) })
    }

    private func appendFlags(_ identifiers: [ItemIdentifier], to list: inout [ItemIdentifier]) {
        var present = Set(list)
        for identifier in identifiers where present.insert(identifier).inserted { list.append(identifier) }
    }

    /// Drops reload and reconfigure marks of items no longer in the snapshot.
    private mutating func pruneFlags() {
        if !reloadedItemIdentifiers.isEmpty { reloadedItemIdentifiers.removeAll { sectionOfItem[$0] == nil } }
        if !reconfiguredItemIdentifiers.isEmpty {
            reconfiguredItemIdentifiers.removeAll { sectionOfItem[$0] == nil }
        }
    }
}

extension DiffableDataSourceSnapshot: Equatable {
    /// Equal sections, items and marks (errors and warnings are not compared).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.sections == rhs.sections && lhs.items == rhs.items
            && lhs.reloadedItemIdentifiers == rhs.reloadedItemIdentifiers
            && lhs.reconfiguredItemIdentifiers == rhs.reconfiguredItemIdentifiers
            && lhs.reloadedSectionIdentifiers == rhs.reloadedSectionIdentifiers
    }
}

extension DiffableDataSourceSnapshot: Sendable where SectionIdentifierType: Sendable, ItemIdentifierType: Sendable {}
