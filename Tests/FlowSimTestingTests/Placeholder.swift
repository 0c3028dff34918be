import XCTest

final class FlowSimTestingTestsPlaceholder: XCTestCase {}
