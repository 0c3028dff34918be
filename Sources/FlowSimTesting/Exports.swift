// Golden assertions take a `GoldenRecordMode` and report `GoldenCaseResult`s: code that imports
// FlowSimTesting sees the goldens module too.
@_exported import FlowSimGoldens
