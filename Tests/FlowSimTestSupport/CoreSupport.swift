// The CLI and image fixtures build on the core ones: a test that imports FlowSimTestSupport
// also has the collection-view fixtures, rect assertions, seeded generator and packageRoot.
@_exported import FlowSimCoreTestSupport
