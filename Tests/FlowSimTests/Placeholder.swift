import XCTest

final class FlowSimTestsPlaceholder: XCTestCase {}
