#if !(os(iOS) || os(tvOS) || os(visionOS))
    import FlowSim
    import Foundation

    // iOS 14's cell and supplementary registrations, as compositional-layout code writes its
    // cell providers. FlowSim draws cells from the data source, so a configured cell is handed
    // back to the caller and nothing of it is drawn. Views are made as UIKit makes them, with
    // `init(frame:)`, through `CollectionReusableView.init(registeredFrame:)`.

    extension CollectionView {
        /// UIKit's `UICollectionView.CellRegistration<Cell, Item>` (iOS 14): the handler that
        /// configures a cell for an item.
        public struct CellRegistration<Cell: CollectionViewCell, Item> {
            public typealias Handler = (Cell, IndexPath, Item) -> Void
            let handler: Handler
            /// The nib, stored (FlowSim loads none).
            let cellNib: UINib?

            public init(handler: @escaping Handler) {
                self.handler = handler
                cellNib = nil
            }

            public init(cellNib: UINib, handler: @escaping Handler) {
                self.handler = handler
                self.cellNib = cellNib
            }
        }

        /// UIKit's `UICollectionView.SupplementaryRegistration<Supplementary>` (iOS 14).
        public struct SupplementaryRegistration<Supplementary: CollectionReusableView> {
            public typealias Handler = (Supplementary, String, IndexPath) -> Void
            public let elementKind: String
            let handler: Handler
            let supplementaryNib: UINib?

            public init(elementKind: String, handler: @escaping Handler) {
                self.elementKind = elementKind
                self.handler = handler
                supplementaryNib = nil
            }

            public init(supplementaryNib: UINib, elementKind: String, handler: @escaping Handler) {
                self.elementKind = elementKind
                self.handler = handler
                self.supplementaryNib = supplementaryNib
            }
        }

        /// UIKit's `dequeueConfiguredReusableCell(using:for:item:)`: a new cell of the
        /// registration's class, configured by its handler (not called for a nil item).
        public func dequeueConfiguredReusableCell<Cell, Item>(
            using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
        ) -> Cell {
            let cell = Cell(registeredFrame: .zero)
            if let item { registration.handler(cell, indexPath, item) }
            return cell
        }

        /// UIKit's `dequeueConfiguredReusableSupplementary(using:for:)`.
        public func dequeueConfiguredReusableSupplementary<Supplementary>(
            using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
        ) -> Supplementary {
            let view = Supplementary(registeredFrame: .zero)
            registration.handler(view, registration.elementKind, indexPath)
            return view
        }

        /// UIKit's `selectItem(at:animated:scrollPosition:)`: selects (FlowSim does not scroll
        /// to the selection; `scrollToItem(at:at:animated:)` does).
        public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
            selectItem(at: indexPath)
        }

        /// UIKit's `deselectItem(at:animated:)`.
        public func deselectItem(at indexPath: IndexPath, animated: Bool) {
            deselectItem(at: indexPath)
        }
    }
#endif
