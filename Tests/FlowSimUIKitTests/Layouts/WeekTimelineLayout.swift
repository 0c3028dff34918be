// A calendar week view: one section per day (a column), one item per event, placed by its start
// and end time read from `Date`s through a `Calendar`. Day headers stay at the top and hour
// labels at the left as the week scrolls both ways (supplementary views recomputed for the
// bounds), hour lines and a "now" line are decoration views, and zIndex constants at file scope
// keep headers over events. The shape of week-view calendar layouts; written as iOS developers
// write it, only the imports are FlowSim's.
#if canImport(UIKit)
    import UIKit
#else
    import FlowSimUIKit
#endif

let weekGridLineZIndex = 1
let weekEventZIndex = weekGridLineZIndex + 1
let weekNowLineZIndex = weekEventZIndex + 1
let weekHourHeaderZIndex = weekNowLineZIndex + 1
let weekDayHeaderZIndex = weekHourHeaderZIndex + 1
let weekCornerZIndex = weekDayHeaderZIndex + 1

protocol WeekTimelineLayoutDelegate: AnyObject {
    func collectionView(
        _ collectionView: UICollectionView, layout: WeekTimelineLayout, startOfItemAt indexPath: IndexPath
    )
        -> Date
    func collectionView(
        _ collectionView: UICollectionView, layout: WeekTimelineLayout, endOfItemAt indexPath: IndexPath
    )
        -> Date
}

/// A hairline between hours, the "now" line, the top-left corner: views with no content.
final class WeekGridLineView: UICollectionReusableView {}

final class WeekTimelineLayout: UICollectionViewLayout {
    enum Kind {
        static let dayHeader = "WeekDayHeader"
        static let hourHeader = "WeekHourHeader"
        static let hourLine = "WeekHourLine"
        static let nowLine = "WeekNowLine"
        static let corner = "WeekCorner"
    }

    weak var delegate: WeekTimelineLayoutDelegate?
    var calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
    var visibleDays = 3
    var firstHour = 8
    var lastHour = 20
    var hourHeight: CGFloat = 50
    var dayHeaderHeight: CGFloat = 40
    var hourColumnWidth: CGFloat = 50
    let gridLineWidth: CGFloat = 0.5
    /// The day (section) and time of the "now" line; nil hides it.
    var now: (day: Int, time: Date)?

    private var eventAttributes: [IndexPath: UICollectionViewLayoutAttributes] = [:]

    override init() {
        super.init()
        register(WeekGridLineView.self, forDecorationViewOfKind: Kind.hourLine)
        register(WeekGridLineView.self, forDecorationViewOfKind: Kind.nowLine)
        register(WeekGridLineView.self, forDecorationViewOfKind: Kind.corner)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    private var dayWidth: CGFloat {
        guard let collectionView = collectionView else { return 0 }
        return floor((collectionView.bounds.width - hourColumnWidth) / CGFloat(visibleDays))
    }

    private func y(of date: Date) -> CGFloat {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hours = CGFloat(parts.hour ?? 0) + CGFloat(parts.minute ?? 0) / 60
        return dayHeaderHeight + floor(max(0, hours - CGFloat(firstHour)) * hourHeight)
    }

    override func prepare() {
        super.prepare()
        eventAttributes.removeAll()
        guard let collectionView = collectionView, let delegate = delegate else { return }
        for day in 0..<collectionView.numberOfSections {
            let x = hourColumnWidth + CGFloat(day) * dayWidth
            for item in 0..<collectionView.numberOfItems(inSection: day) {
                let indexPath = IndexPath(item: item, section: day)
                let top = y(of: delegate.collectionView(collectionView, layout: self, startOfItemAt: indexPath))
                let bottom = y(of: delegate.collectionView(collectionView, layout: self, endOfItemAt: indexPath))
                let attributes = UICollectionViewLayoutAttributes(forCellWith: indexPath)
                attributes.frame = CGRect(x: x + 1, y: top, width: dayWidth - 2, height: bottom - top)
                attributes.zIndex = weekEventZIndex
                eventAttributes[indexPath] = attributes
            }
        }
    }

    override var collectionViewContentSize: CGSize {
        guard let collectionView = collectionView else { return .zero }
        return CGSize(
            width: hourColumnWidth + CGFloat(collectionView.numberOfSections) * dayWidth,
            height: dayHeaderHeight + CGFloat(lastHour - firstHour) * hourHeight)
    }

    /// Headers follow the bounds.
    override func shouldInvalidateLayout(forBoundsChange newBounds: CGRect) -> Bool { true }

    override func layoutAttributesForElements(in rect: CGRect) -> [UICollectionViewLayoutAttributes]? {
        guard let collectionView = collectionView else { return nil }
        var answer = eventAttributes.values.filter { $0.frame.intersects(rect) }
        for day in 0..<collectionView.numberOfSections {
            if let header = layoutAttributesForSupplementaryView(
                ofKind: Kind.dayHeader, at: IndexPath(item: 0, section: day)), header.frame.intersects(rect)
            {
                answer.append(header)
            }
        }
        for hour in 0..<(lastHour - firstHour) {
            let indexPath = IndexPath(item: hour, section: 0)
            if let label = layoutAttributesForSupplementaryView(ofKind: Kind.hourHeader, at: indexPath),
                label.frame.intersects(rect)
            {
                answer.append(label)
            }
            if let line = layoutAttributesForDecorationView(ofKind: Kind.hourLine, at: indexPath),
                line.frame.intersects(rect)
            {
                answer.append(line)
            }
        }
        for kind in [Kind.nowLine, Kind.corner] {
            if let view = layoutAttributesForDecorationView(ofKind: kind, at: IndexPath(item: 0, section: 0)),
                view.frame.intersects(rect)
            {
                answer.append(view)
            }
        }
        return answer
    }

    override func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? {
        eventAttributes[indexPath]
    }

    override func layoutAttributesForSupplementaryView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let bounds = collectionView?.bounds else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forSupplementaryViewOfKind: elementKind, with: indexPath)
        switch elementKind {
        case Kind.dayHeader:
            let x = hourColumnWidth + CGFloat(indexPath.section) * dayWidth
            attributes.frame = CGRect(x: x, y: bounds.minY, width: dayWidth, height: dayHeaderHeight)
            attributes.zIndex = weekDayHeaderZIndex
        case Kind.hourHeader:
            // The label is centred on its hour line.
            let lineY = dayHeaderHeight + CGFloat(indexPath.item) * hourHeight
            attributes.frame = CGRect(x: bounds.minX, y: lineY - 10, width: hourColumnWidth, height: 20)
            attributes.zIndex = weekHourHeaderZIndex
        default:
            return nil
        }
        return attributes
    }

    override func layoutAttributesForDecorationView(ofKind elementKind: String, at indexPath: IndexPath)
        -> UICollectionViewLayoutAttributes?
    {
        guard let bounds = collectionView?.bounds else { return nil }
        let attributes = UICollectionViewLayoutAttributes(forDecorationViewOfKind: elementKind, with: indexPath)
        let width = collectionViewContentSize.width - hourColumnWidth
        switch elementKind {
        case Kind.hourLine:
            let lineY = dayHeaderHeight + CGFloat(indexPath.item) * hourHeight
            attributes.frame = CGRect(x: hourColumnWidth, y: lineY, width: width, height: gridLineWidth)
            attributes.zIndex = weekGridLineZIndex
        case Kind.nowLine:
            guard let now = now else { return nil }
            let x = hourColumnWidth + CGFloat(now.day) * dayWidth
            attributes.frame = CGRect(x: x, y: y(of: now.time) - 1, width: dayWidth, height: 2)
            attributes.zIndex = weekNowLineZIndex
        case Kind.corner:
            attributes.frame = CGRect(
                x: bounds.minX, y: bounds.minY, width: hourColumnWidth, height: dayHeaderHeight)
            attributes.zIndex = weekCornerZIndex
        default:
            return nil
        }
        return attributes
    }
}
