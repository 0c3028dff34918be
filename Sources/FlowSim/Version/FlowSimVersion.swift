/// FlowSim's version, as `flowsim --version` prints it and golden manifests record it.
public enum FlowSimVersion {
    public static let string = "0.4.0"
}
