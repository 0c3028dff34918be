import FlowSim

/// Entry point of the `flowsim` command line (filled in by the CLI work).
public enum FlowSimCommand {
    public static func main() {}
}
