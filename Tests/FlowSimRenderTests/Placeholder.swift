import XCTest

final class FlowSimRenderTestsPlaceholder: XCTestCase {}
