import FlowSim
