/// FlowSim's version, as the command-line tool's `--version` prints it and golden manifests record it.
public enum FlowSimVersion {
    public static let string = "0.7.0"
}
