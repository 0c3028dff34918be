import FlowSimCLI

FlowSimCommand.main()
