import FlowSimScene
import FlowSimSupport

/// "; did you mean 'NAME'?" for the nearest of `candidates` to a mistyped `name`, else "".
func didYouMean(_ name: String, in candidates: [String]) -> String {
    nearestName(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
}
