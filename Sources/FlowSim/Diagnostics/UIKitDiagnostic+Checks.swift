import Foundation

/// UIKit's texts for each check, verbatim with the placeholders filled (docs/diagnostics.md
/// gives each with its source: decompiled UIKitCore of iOS 18.0, 18.2 and 26.1, and public
/// crash reports that quote them).
extension UIKitDiagnostic {
    /// `-[_UIFlowLayoutSection logInvalidSizesForHorizontalDirection:warnAboutDelegateValues:]`:
    /// an item's size across the scroll axis exceeds the collection view's minus the section and
    /// content insets. Only the line of the cross axis is printed (width when scrolling
    /// vertically); "Please check…" only when the sizes came from the delegate.
    static func itemTooLarge(
        horizontalScrolling: Bool, sizesFromDelegate: Bool, indexPath: IndexPath?, layout: CollectionViewLayout
    ) -> UIKitDiagnostic {
        var lines = ["The behavior of the UICollectionViewFlowLayout is not defined because:"]
        lines.append(
            horizontalScrolling
                ? "the item height must be less than the height of the UICollectionView minus the section insets top and bottom values, minus the content insets top and bottom values."
                : "the item width must be less than the width of the UICollectionView minus the section insets left and right values, minus the content insets left and right values."
        )
        if sizesFromDelegate { lines.append("Please check the values returned by the delegate.") }
        lines.append(
            "The relevant UICollectionViewFlowLayout instance is \(UIKitDescription.layout(layout)), "
                + "and it is attached to \(UIKitDescription.collectionView(layout.collectionView)).")
        lines.append(
            "Make a symbolic breakpoint at UICollectionViewFlowLayoutBreakForInvalidSizes to catch this in the debugger."
        )
        return UIKitDiagnostic(
            check: .itemTooLarge, severity: .log, message: lines.joined(separator: "\n"), indexPath: indexPath,
            layoutClass: UIKitDescription.layoutClassName(layout))
    }

    /// `-[UICollectionViewFlowLayout _existingLayoutAttributesForItemAtIndexPath:]`, logged once per
    /// process: the attributes object the flow layout handed out no longer has the frame it
    /// computed, because a subclass changed it without copying. The last line names the subclass,
    /// or blames UIKit itself for a plain flow layout.
    static func cachedFrameMismatch(
        indexPath: IndexPath, cached: CGRect, expected: CGRect, layout: CollectionViewLayout
    ) -> UIKitDiagnostic {
        let name = UIKitDescription.layoutClassName(layout)
        let blame =
            type(of: layout) == FlowLayout.self
            ? "This is likely a bug internal to UICollectionViewFlowLayout - please file against UIKit :)"
            : "This is likely occurring because the flow layout subclass \(name) is modifying attributes returned by UICollectionViewFlowLayout without copying them"
        let message = [
            "Logging only once for UICollectionViewFlowLayout cache mismatched frame",
            "UICollectionViewFlowLayout has cached frame mismatch for index path \(UIKitDescription.indexPath(indexPath)) - "
                + "cached value: \(UIKitDescription.rect(cached)); expected value: \(UIKitDescription.rect(expected))",
            blame,
        ].joined(separator: "\n")
        return UIKitDiagnostic(
            check: .cachedFrameMismatch, severity: .log, message: message, indexPath: indexPath, layoutClass: name)
    }

    /// `-[_UICollectionViewDataAttributesMap _validateLayoutInRect:]` (iOS 18.2 and 26.1): attributes
    /// for a cell the data source does not have, or a supplementary view past the last section,
    /// are logged and ignored (iOS 7–17 raised "…with an index path that does not exist").
    static func invalidIndexPath(_ attributes: LayoutAttributes, layout: CollectionViewLayout, counts: [Int])
        -> UIKitDiagnostic
    {
        UIKitDiagnostic(
            check: .invalidIndexPath, severity: .log,
            message: "Received layout attributes with an invalid index path. Attributes will be ignored. "
                + "Attributes: \(UIKitDescription.attributes(attributes)); layout: \(UIKitDescription.layout(layout)); "
                + "data source counts: \(countsDescription(counts))",
            indexPath: attributes.indexPath, elementKind: attributes.representedElementKind,
            layoutClass: UIKitDescription.layoutClassName(layout))
    }

    /// UIKit 26.1's `setItemSize:` check: a width or height ≤ 0 is logged and kept.
    static func invalidItemSize(_ size: CGSize, layout: CollectionViewLayout) -> UIKitDiagnostic {
        UIKitDiagnostic(
            check: .invalidSize, severity: .log,
            message: "Negative or zero item sizes are not supported by flow layout. Make a symbolic breakpoint at "
                + "UICollectionViewFlowLayoutAlertForInvalidItemSize to catch this in the debugger. Invalid size: "
                + "\(UIKitDescription.size(size)); collection view: \(UIKitDescription.collectionView(layout.collectionView))",
            layoutClass: UIKitDescription.layoutClassName(layout))
    }

    /// UIKit 26.1: a negative size from `collectionView(_:layout:sizeForItemAt:)` raises for apps
    /// built with a current SDK (zero is allowed).
    static func negativeDelegateItemSize(
        _ size: CGSize, indexPath: IndexPath, delegate: AnyObject, layout: CollectionViewLayout
    ) -> UIKitDiagnostic {
        UIKitDiagnostic(
            check: .invalidSize, severity: .exception,
            message: "Collection view delegate returned a negative size \(UIKitDescription.size(size)) from "
                + "-collectionView:layout:sizeForItemAtIndexPath: for item \(indexPath.item) in section "
                + "\(indexPath.section), which is not supported by flow layout. Delegate: <\(type(of: delegate))>; "
                + "collection view: \(UIKitDescription.collectionView(layout.collectionView))",
            indexPath: indexPath, layoutClass: UIKitDescription.layoutClassName(layout))
    }

    /// UIKit 26.1: a negative header or footer reference size is logged (and laid out as zero).
    static func negativeSupplementarySize(_ size: CGSize, footer: Bool, section: Int, layout: CollectionViewLayout)
        -> UIKitDiagnostic
    {
        UIKitDiagnostic(
            check: .invalidSize, severity: .log,
            message: "Negative sizes of \(footer ? "footers" : "headers") are not supported by flow layout. "
                + "Invalid size: \(UIKitDescription.size(size)); collection view: "
                + UIKitDescription.collectionView(layout.collectionView),
            indexPath: IndexPath(item: 0, section: section),
            elementKind: footer ? FlowLayout.elementKindSectionFooter : FlowLayout.elementKindSectionHeader,
            layoutClass: UIKitDescription.layoutClassName(layout))
    }

    /// UIKit 26.1's `-[UICollectionViewLayoutAttributes setFrame:]` and `setTransform:` checks
    /// (apps built with a current SDK; `UICollectionViewLayout.m` lines 466–522): the first that
    /// fails raises. In `setFrame:`'s order: `CGRectInfinite`, `CGRectNull`, a NaN or infinite
    /// origin ("finite coordinates"), a NaN or infinite size ("finite dimensions"); then a
    /// transform with a NaN or infinite member. Nil when the attributes pass every check.
    public static func nonFiniteFrame(_ attributes: LayoutAttributes, layoutClass: String?) -> UIKitDiagnostic? {
        let frame = attributes.frame
        let t = attributes.transform
        // The sentence and the value it names; the strings are built only for a failure (this
        // runs on every attribute of every pass).
        let failure: (sentence: String, value: String)
        if frame.isInfinite {
            failure = ("-setFrame: with CGRectInfinite is undefined.", "new frame: \(UIKitDescription.rect(frame))")
        } else if frame.isNull {
            failure = ("-setFrame: with CGRectNull is undefined.", "new frame: \(UIKitDescription.rect(frame))")
        } else if !frame.origin.x.isFinite || !frame.origin.y.isFinite {
            failure = ("-setFrame: requires finite coordinates.", "new frame: \(UIKitDescription.rect(frame))")
        } else if !frame.size.width.isFinite || !frame.size.height.isFinite {
            failure = ("-setFrame: requires finite dimensions.", "new frame: \(UIKitDescription.rect(frame))")
        } else if !(t.a.isFinite && t.b.isFinite && t.c.isFinite && t.d.isFinite && t.tx.isFinite && t.ty.isFinite) {
            failure = (
                "-setTransform: requires that all members in the transform matrix be finite numbers.",
                "new transform: \(UIKitDescription.affine(t))"
            )
        } else {
            return nil
        }
        return UIKitDiagnostic(
            check: .nonFiniteFrame, severity: .exception,
            message: "UICollectionViewLayoutAttributes: \(failure.sentence) Attributes: "
                + "\(UIKitDescription.attributes(attributes)); \(failure.value)",
            indexPath: attributes.indexPath, elementKind: attributes.representedElementKind, layoutClass: layoutClass)
    }

    /// `{ 2 sections with item counts: [4, 0] }`, as iOS 16.4+'s batch-update message prints the
    /// data source's counts.
    static func countsDescription(_ counts: [Int]) -> String {
        let sections = counts.count == 1 ? "1 section" : "\(counts.count) sections"
        return "{ \(sections) with item counts: [\(counts.map(String.init).joined(separator: ", "))] }"
    }
}
