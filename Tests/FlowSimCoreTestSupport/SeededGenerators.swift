// FlowSim's one seeded generator (SplitMix64), the one the scenes' random data and the seeded
// property tests draw from. It lives in FlowSimScene (which links no Cairo); the core tests
// reach it through this support target without importing the scene module themselves.
@_exported import struct FlowSimScene.SeededRandom
