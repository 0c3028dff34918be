import XCTest

@testable import FlowSimPort

/// Exact output of each rewrite.
final class PorterTests: XCTestCase {
    private func port(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            return try Porter.port(text, path: "Layout.swift").text
        } catch {
            XCTFail("\(error)", file: file, line: line)
            return ""
        }
    }

    private func refusal(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try Porter.port(text, path: "Layout.swift")
            XCTFail("expected a refusal", file: file, line: line)
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func testOptionalRequirementsBecomeTheirOwnProtocols() {
        let input = """
            @objc public protocol Delegate: UICollectionViewDelegate {
                /// The item's height.
                @objc optional func collectionView(
                    _ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath
                ) -> CGFloat
                @objc optional var spacing: CGFloat { get }
                func didPrepare()
            }

            """
        XCTAssertEqual(
            port(input),
            """
            public protocol Delegate: UICollectionViewDelegate {
                func didPrepare()
            }

            /// `Delegate`'s optional requirement `collectionView(_:heightForItemAt:)`, split out by flowsim port:
            /// a type that implements it conforms to this protocol too.
            public protocol Delegate_collectionView_heightForItemAt: Delegate {
                /// The item's height.
                func collectionView(
                    _ collectionView: UICollectionView, heightForItemAt indexPath: IndexPath
                ) -> CGFloat
            }

            /// `Delegate`'s optional requirement `spacing`, split out by flowsim port:
            /// a type that implements it conforms to this protocol too.
            public protocol Delegate_spacing: Delegate {
                var spacing: CGFloat { get }
            }

            """)
    }

    func testObjCProtocolWithoutClassBoundParentGainsAnyObject() {
        XCTAssertEqual(
            port("@objc(FSDelegate) protocol Delegate {\n    func a()\n}\n"),
            "protocol Delegate: AnyObject {\n    func a()\n}\n")
        XCTAssertEqual(
            port("@objc protocol Delegate: Base {\n    func a()\n}\n"),
            "protocol Delegate: Base, AnyObject {\n    func a()\n}\n"
        )
    }

    private let delegate = """
        @objc protocol Delegate: AnyObject {
            @objc optional func height(at index: Int) -> CGFloat
            @objc optional func didPrepare()
            @objc optional var spacing: CGFloat { get }
        }

        """

    /// The output of `body` after the delegate protocol's ported text.
    private func portCalls(_ body: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        let output = port(delegate + body, file: file, line: line)
        guard let range = output.range(of: "    var spacing: CGFloat { get }\n}\n") else { return output }
        return String(output[range.upperBound...])
    }

    func testOptionalCallsBecomeCastsToTheSplitProtocol() {
        XCTAssertEqual(
            portCalls(
                """
                class Layout {
                    weak var delegate: Delegate?
                    func prepare() {
                        let h = delegate?.height?(at: 1) ?? 10
                        delegate?.didPrepare?()
                        self.delegate?.didPrepare?()
                    }
                }

                """),
            """
            class Layout {
                weak var delegate: Delegate?
                func prepare() {
                    let h = (delegate as? Delegate_height_at)?.height(at: 1) ?? 10
                    (delegate as? Delegate_didPrepare)?.didPrepare()
                    (self.delegate as? Delegate_didPrepare)?.didPrepare()
                }
            }

            """)
    }

    func testCastReceiverIsNarrowedToTheSplitProtocol() {
        XCTAssertEqual(
            portCalls("let h = (collectionView?.delegate as? Delegate)?.height?(at: i)\n"),
            "let h = (collectionView?.delegate as? Delegate_height_at)?.height(at: i)\n")
    }

    func testForcedOptionalCalls() {
        XCTAssertEqual(
            portCalls("let a = d.height!(at: 2)\nlet b = o?.delegate?.height!(at: 3)\n"),
            """
            let a = (d as! Delegate_height_at).height(at: 2)
            let b = (o?.delegate).map({ $0 as! Delegate_height_at })?.height(at: 3)

            """)
    }

    func testOptionalPropertyOnADeclaredReceiver() {
        XCTAssertEqual(
            portCalls(
                """
                weak var delegate: Delegate?
                let s = delegate?.spacing ?? 0
                let t = delegate?.spacing?.rounded()
                let u = other.spacing

                """),
            """
            weak var delegate: Delegate?
            let s = (delegate as? Delegate_spacing)?.spacing ?? 0
            let t = (delegate as? Delegate_spacing)?.spacing.rounded()
            let u = other.spacing

            """)
    }

    func testRespondsToSelectorBecomesATypeCheck() {
        XCTAssertEqual(
            portCalls(
                """
                if d.responds(to: #selector(Delegate.height(at:))) {}
                let r = o?.delegate?.responds(to: #selector(getter: Delegate.spacing))
                let s = responds(to: #selector(Delegate.didPrepare))

                """),
            """
            if (d is Delegate_height_at) {}
            let r = (o?.delegate).map({ $0 is Delegate_spacing })
            let s = (self is Delegate_didPrepare)

            """)
    }

    func testInterpolatedCodeIsPortedButStringsAndCommentsAreNot() {
        let untouched = """
            // delegate?.height?(at: 1) and @objc optional func x()
            /* @objc /* nested */ dynamic var y */
            let a = "@objc optional func a() delegate?.height?(at: 1)"
            let b = #"raw \\(delegate?.height?(at: 1)) "quoted" @objc"#
            let c = \"\"\"
                @objc optional func c()
                dynamic var d = delegate?.height?(at: 1)
                \"\"\"

            """
        XCTAssertEqual(portCalls(untouched), untouched)
        XCTAssertEqual(
            portCalls("let s = \"h: \\(d.height?(at: 1) ?? 0) \\(\"in \\(2)\")\"\n"),
            "let s = \"h: \\((d as? Delegate_height_at)?.height(at: 1) ?? 0) \\(\"in \\(2)\")\"\n")
    }

    func testObjCAttributesAndDynamicAreRemoved() {
        XCTAssertEqual(
            port(
                """
                @objcMembers
                class Layout: NSObject {
                    @objc dynamic var dynamic = 1
                    @objc(shiftBy:) func shift(by x: Int) {}
                    dynamic private(set) var z = 0
                    let name = other.dynamic
                }

                """),
            """
            class Layout: NSObject {
                var dynamic = 1
                func shift(by x: Int) {}
                private(set) var z = 0
                let name = other.dynamic
            }

            """)
    }

    func testConformersInAnotherPortedFileGainTheSplitConformance() throws {
        let files = try Porter.port([
            ("Delegate.swift", delegate),
            (
                "Controller.swift",
                """
                final class Controller: UIViewController, Delegate {
                    func height(at index: Int) -> CGFloat { 42 }
                    func unrelated() {}
                }
                class Sub: Controller {
                    func didPrepare() {}
                }
                final class Other: Delegate {}

                """
            ),
        ])
        XCTAssertEqual(
            files[1].text,
            """
            final class Controller: UIViewController, Delegate, Delegate_height_at {
                func height(at index: Int) -> CGFloat { 42 }
                func unrelated() {}
            }
            class Sub: Controller, Delegate_didPrepare {
                func didPrepare() {}
            }
            final class Other: Delegate {}

            """)
        XCTAssertEqual(
            files[1].edits.map(\.description),
            [
                "Controller.swift:1:7: Controller implements height(at:): added conformance to Delegate_height_at",
                "Controller.swift:5:1: Sub implements didPrepare(): added conformance to Delegate_didPrepare",
            ])
    }

    func testOverridesInAnExtensionMoveIntoTheClass() {
        XCTAssertEqual(
            port(
                """
                class Layout: UICollectionViewLayout {
                    var cache: [Int] = []
                }

                extension Layout {
                    /// Clears the cache.
                    override func invalidateLayout() {
                        super.invalidateLayout()
                    }
                }

                extension Layout {
                    @objc override var description: String { "Layout" }
                    func helper() {}
                }

                """),
            """
            class Layout: UICollectionViewLayout {
                var cache: [Int] = []

                /// Clears the cache.
                override func invalidateLayout() {
                    super.invalidateLayout()
                }

                override var description: String { "Layout" }
            }

            extension Layout {
                func helper() {}
            }

            """)
    }

    func testFlowLayoutDelegateOptionalCallsBecomeDirectCalls() {
        XCTAssertEqual(
            port(
                "let s = (cv.delegate as? UICollectionViewDelegateFlowLayout)?.collectionView?(cv, layout: self, sizeForItemAt: ip)\n"
            ),
            "let s = (cv.delegate as? UICollectionViewDelegateFlowLayout)?.collectionView(cv, layout: self, sizeForItemAt: ip)\n"
        )
    }

    /// StickyLayout's and the sticky-grid tutorial's idiom: the delegate is already cast, so the
    /// method's `?` is the expression's only optional step; the port keeps the expression optional.
    func testAFlowLayoutDelegateOptionalCallOnANonOptionalReceiverStaysOptional() {
        XCTAssertEqual(
            port(
                """
                guard let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout,
                    let size = delegate.collectionView?(cv, layout: self, sizeForItemAt: ip) else { return itemSize }
                let w = delegate.collectionView?(cv, layout: self, sizeForItemAt: ip).width ?? 0
                let s = delegate.collectionView?(collectionView!, layout: self, minimumLineSpacingForSectionAt: 0) ?? 10

                """),
            """
            guard let delegate = cv.delegate as? UICollectionViewDelegateFlowLayout,
                let size = Optional(delegate.collectionView(cv, layout: self, sizeForItemAt: ip)) else { return itemSize }
            let w = Optional(delegate.collectionView(cv, layout: self, sizeForItemAt: ip))?.width ?? 0
            let s = Optional(delegate.collectionView(collectionView!, layout: self, minimumLineSpacingForSectionAt: 0)) ?? 10

            """)
    }

    func testOptionalClosureCallsAreLeftAlone() {
        let text = "completion?(1)\nself.onTap?(cell)\nlet x = items?.first?.value\n"
        XCTAssertEqual(port(text), text)
    }

    func testPortingIsIdempotent() throws {
        let once = port(delegate + "let h = delegate?.height?(at: 1)\n")
        XCTAssertEqual(port(once), once)
    }

    func testEditsAreReportedWithPositions() throws {
        let result = try Porter.port(
            delegate + "weak var delegate: Delegate?\nlet h = delegate?.height?(at: 1)\n", path: "L.swift")
        XCTAssertEqual(
            result.edits.map(\.description),
            [
                "L.swift:1:1: removed @objc",
                "L.swift:2:5: removed @objc",
                "L.swift:2:20: optional requirement height(at:) of Delegate → protocol Delegate_height_at",
                "L.swift:3:5: removed @objc",
                "L.swift:3:20: optional requirement didPrepare() of Delegate → protocol Delegate_didPrepare",
                "L.swift:4:5: removed @objc",
                "L.swift:4:20: optional requirement spacing of Delegate → protocol Delegate_spacing",
                "L.swift:7:19: optional call delegate?.height?(…) → (delegate as? Delegate_height_at)?.height(…)",
            ])
    }

    func testSelectorObserversBecomeBlockObservers() {
        // The wrap-around layouts' idiom: stop wrapping while VoiceOver runs.
        let input = """
            final class Loop: UICollectionViewLayout {
                private let center = NotificationCenter.default
                override init() {
                    super.init()
                    center.addObserver(self, selector: #selector(Loop.statusChanged), name: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil)
                    center.addObserver(self, selector: #selector(changed(_:)), name: .init("x"), object: center)
                }
                @objc private func statusChanged() { invalidateLayout() }
                @objc private func changed(_ notification: Notification) {}
            }

            """
        XCTAssertEqual(
            port(input),
            """
            final class Loop: UICollectionViewLayout {
                private let center = NotificationCenter.default
                override init() {
                    super.init()
                    center.addObserver(forName: UIAccessibility.voiceOverStatusDidChangeNotification, object: nil, queue: nil) { [weak self] notification in self?.statusChanged() }
                    center.addObserver(forName: .init("x"), object: center, queue: nil) { [weak self] notification in self?.changed(notification) }
                }
                private func statusChanged() { invalidateLayout() }
                private func changed(_ notification: Notification) {}
            }

            """)
        // A bare selector naming a method that takes the notification passes it.
        XCTAssertTrue(
            port(
                """
                func watch() { NotificationCenter.default.addObserver(self, selector: #selector(T.changed), name: .x, object: nil) }
                func changed(_ n: Notification) {}

                """
            ).contains("{ [weak self] notification in self?.changed(notification) }"))
        // Other selector uses stay refused.
        XCTAssertEqual(
            refusal("center.addObserver(self, selector: #selector(f), name: .x)\n").count, 1)
    }

    // MARK: Refusals

    func testSelectorOutsideRespondsToIsRefusedWithItsPosition() {
        XCTAssertEqual(
            refusal("let a = 1\nbutton.addTarget(self, action: #selector(tap), for: .touchUpInside)\n"),
            [
                "Layout.swift:2:32: error: cannot port #selector outside 'responds(to: #selector(…))' (needs the Objective-C runtime)"
            ])
    }

    func testObjectiveCRuntimeFeaturesAreRefused() {
        XCTAssertEqual(
            refusal("class A {\n    @NSManaged var name: String\n    let k = #keyPath(A.name)\n}\n"),
            [
                "Layout.swift:2:5: error: cannot port @NSManaged (Core Data needs the Objective-C runtime)",
                "Layout.swift:3:13: error: cannot port #keyPath (needs the Objective-C runtime)",
            ])
    }

    func testUnportableOptionalRequirementsAreRefused() {
        XCTAssertEqual(
            refusal(
                "@objc protocol P {\n    @objc optional static func make() -> Int\n    @objc optional init(x: Int)\n}\n"
            ),
            [
                "Layout.swift:2:27: error: cannot port static optional requirement 'make()' of 'P' (no Swift equivalent of a class-method responds(to:))",
                "Layout.swift:3:20: error: cannot port optional 'init' requirement of 'P'",
            ])
    }

    func testAmbiguousOptionalCallIsRefused() {
        let text = """
            @objc protocol A { @objc optional func size() -> Int }
            @objc protocol B { @objc optional func size() -> Int }
            let s = thing?.size?()

            """
        XCTAssertEqual(
            refusal(text),
            [
                "Layout.swift:3:16: error: 'size?(…)' is an optional requirement of several protocols (A, B); cast the receiver to one"
            ])
    }

    func testResponsToUnknownSelectorIsRefused() {
        XCTAssertEqual(
            refusal(delegate + "let r = d.responds(to: #selector(Delegate.width(at:)))\n"),
            [
                "Layout.swift:6:24: error: #selector(Delegate.width) names no optional requirement of the ported protocols"
            ])
    }

    func testOverrideInExtensionOfUnknownClassIsRefused() {
        XCTAssertEqual(
            refusal("extension UICollectionViewFlowLayout {\n    override func prepare() {}\n}\n"),
            [
                "Layout.swift:2:14: error: cannot port 'override' in an extension of 'UICollectionViewFlowLayout': its class declaration is not in the ported files (Swift on Linux cannot override in extensions)"
            ])
    }

    func testLexicalErrorsNameTheirPosition() {
        XCTAssertEqual(refusal("let a = 1\nlet s = \"open\n"), ["Layout.swift:2:9: error: unterminated string literal"])
        XCTAssertEqual(refusal("/* a /* b */\nlet a = 1\n"), ["Layout.swift:1:1: error: unterminated block comment"])
        XCTAssertEqual(refusal("func f() {\n  g(]\n}\n"), ["Layout.swift:2:5: error: unbalanced ']'"])
    }
}

/// Round-two port fixes: block doc comments, helpers left behind by moved overrides, and
/// platform chains without an `#else`.
final class PorterRoundTwoTests: XCTestCase {
    func port(_ files: [(String, String)]) throws -> [String: String] {
        let ported = try Porter.port(files.map { (path: $0.0, text: $0.1) })
        return Dictionary(uniqueKeysWithValues: ported.map { ($0.path, $0.text) })
    }

    func testABlockDocCommentMovesWithItsOptionalRequirement() throws {
        let input = """
            @objc protocol CardDelegate: UICollectionViewDelegate {
                /**
                 The card's height.

                 - Parameter indexPath: the card.
                 */
                @objc optional func collectionView(_ collectionView: UICollectionView, heightForCardAt indexPath: IndexPath) -> CGFloat
                /** The spacing. */ @objc optional var spacing: CGFloat { get }
                func didPrepare()
            }

            """
        XCTAssertEqual(
            try port([("Card.swift", input)])["Card.swift"],
            """
            protocol CardDelegate: UICollectionViewDelegate {
                func didPrepare()
            }

            /// `CardDelegate`'s optional requirement `collectionView(_:heightForCardAt:)`, split out by flowsim port:
            /// a type that implements it conforms to this protocol too.
            protocol CardDelegate_collectionView_heightForCardAt: CardDelegate {
                /**
                 The card's height.

                 - Parameter indexPath: the card.
                 */
                func collectionView(_ collectionView: UICollectionView, heightForCardAt indexPath: IndexPath) -> CGFloat
            }

            /// `CardDelegate`'s optional requirement `spacing`, split out by flowsim port:
            /// a type that implements it conforms to this protocol too.
            protocol CardDelegate_spacing: CardDelegate {
                /** The spacing. */ var spacing: CGFloat { get }
            }

            """)
    }

    func testAHelperAnOverrideUsesFromAnotherFileBecomesInternal() throws {
        let ported = try port([
            ("Layout.swift", "class Layout: UICollectionViewLayout {\n    var cache: [Int] = []\n}\n"),
            (
                "Layout+Invalidation.swift",
                """
                extension Layout {
                    override func invalidateLayout() {
                        super.invalidateLayout()
                        clearCache()
                    }

                    fileprivate func clearCache() { cache = [] }
                    private func unrelated() {}
                }

                """
            ),
        ])
        XCTAssertEqual(
            ported["Layout.swift"],
            """
            class Layout: UICollectionViewLayout {
                var cache: [Int] = []

                override func invalidateLayout() {
                    super.invalidateLayout()
                    clearCache()
                }
            }

            """)
        // The helper the override calls is internal now; the unused private one stays private.
        XCTAssertEqual(
            ported["Layout+Invalidation.swift"],
            """
            extension Layout {

                func clearCache() { cache = [] }
                private func unrelated() {}
            }

            """)
    }

    func testAnIOSBranchWithoutAnElseCompilesOnLinux() throws {
        let input = """
            class Shelf: UICollectionViewLayout {
                func gap() -> CGFloat {
                    #if os(tvOS)
                        return 40
                    #elseif os(iOS)
                        return 10
                    #endif
                }

                func columns() -> Int {
                    #if os(iOS)
                        return 2
                    #else
                        return 4
                    #endif
                }
            }

            """
        let once = try XCTUnwrap(try port([("Shelf.swift", input)])["Shelf.swift"])
        XCTAssertEqual(
            once,
            input.replacingOccurrences(of: "#elseif os(iOS)", with: "#elseif (os(iOS) || os(Linux))"))
        // Idempotent: a chain naming Linux is left alone.
        XCTAssertEqual(try port([("Shelf.swift", once)])["Shelf.swift"], once)
    }
}
