// Intentionally empty: see module.modulemap. Every name comes from FlowSim's Swift modules.
