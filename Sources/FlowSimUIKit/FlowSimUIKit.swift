@_exported import FlowSim
