import Foundation

/// How one on-screen element animates through a batch update (docs/uikit-rules.md §2).
public struct ElementAnimationPlan: Equatable, Sendable {
    public enum Motion: Equatable, Sendable {
        /// Not animating: S ≡ E.
        case still
        /// One animation from `from` to `to` (a slide, a fade-in or a custom appearance).
        case single
        /// UIKit's two-part animation: a snapshot goes S → F and is removed while the element
        /// itself is set to I and goes I → E. The "ghosting" of layouts that answer nil.
        case snapshotAndElement
        /// A deleted element going S → F, removed at the end.
        case disappearing
    }

    public var kind: ElementKind
    /// Identity: the item id for cells, the section id for headers and footers.
    public var id: String
    /// Key before the update (nil for inserted elements).
    public var oldKey: ElementKey?
    /// Key after the update (nil for deleted elements).
    public var newKey: ElementKey?
    public var motion: Motion
    /// Start of the element's own animation (I, S or the resolved initial).
    public var from: AttributesValue
    /// End of the element's own animation (E, or F when disappearing).
    public var to: AttributesValue
    /// For `.snapshotAndElement`: the snapshot's S and F.
    public var snapshotFrom: AttributesValue?
    public var snapshotTo: AttributesValue?
    /// The state shown while animating.
    public var state: ElementState
    /// Whether the end frame meets the visible bounds (the element stays after the animation).
    public var endsVisible: Bool
}

/// Resolves an element's start and end from S, E, I and F with UIKit's rules.
enum UpdateResolution {
    /// An inserted element: start = I, or (nil I) E with alpha 0.
    static func inserted(initial: AttributesValue?, end: AttributesValue) -> (
        from: AttributesValue, to: AttributesValue
    ) {
        var faded = end
        faded.alpha = 0
        return (initial ?? faded, end)
    }

    /// A deleted element: end = F, or (nil F) S with alpha 0.
    static func deleted(start: AttributesValue, final: AttributesValue?) -> (from: AttributesValue, to: AttributesValue)
    {
        var faded = start
        faded.alpha = 0
        return (start, final ?? faded)
    }

    /// A surviving element. A nil F becomes E when I ≡ S, else S with alpha 0; a nil I becomes S
    /// when F ≡ E, else E with alpha 0. Then: if (F ≡ E and I ≡ S) or S ≡ E, one animation from
    /// S to E; otherwise a snapshot S → F plus the element I → E.
    /// How a surviving element moves.
    enum SurvivorMotion: Equatable {
        case still, slide, snapshotAndElement
    }

    static func survivor(
        start s: AttributesValue, end e: AttributesValue, initial i: AttributesValue?, final f: AttributesValue?
    ) -> (motion: SurvivorMotion, initial: AttributesValue, final: AttributesValue) {
        var sFaded = s
        sFaded.alpha = 0
        var eFaded = e
        eFaded.alpha = 0
        let resolvedF = f ?? ((i.map { $0.isEquivalent(to: s) } ?? false) ? e : sFaded)
        let resolvedI = i ?? ((f.map { $0.isEquivalent(to: e) } ?? false) ? s : eFaded)
        if s.isEquivalent(to: e) { return (.still, resolvedI, resolvedF) }
        if resolvedF.isEquivalent(to: e) && resolvedI.isEquivalent(to: s) { return (.slide, resolvedI, resolvedF) }
        return (.snapshotAndElement, resolvedI, resolvedF)
    }
}
