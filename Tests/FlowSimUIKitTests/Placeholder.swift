import XCTest

final class FlowSimUIKitTestsPlaceholder: XCTestCase {}
