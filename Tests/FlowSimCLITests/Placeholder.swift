import XCTest

final class FlowSimCLITestsPlaceholder: XCTestCase {}
