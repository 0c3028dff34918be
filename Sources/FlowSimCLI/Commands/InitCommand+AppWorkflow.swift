import Foundation

extension InitCommand {
    /// The Debian packages FlowSim builds and renders with (Scripts/setup-system installs the same).
    static let debianPackages = [
        "pkg-config", "libcairo2-dev", "libfreetype-dev", "libpng-dev", "libdeflate-dev", "libgif-dev",
        "fonts-dejavu-core",
    ]

    /// The team's flowsim for the workflow when `--executable` is not given: the running
    /// executable's own name (a team's `app-flowsim init` names itself), or `app-flowsim`, the
    /// guide's name, when this is FlowSim's plain `flowsim` (or a test runner).
    static func defaultExecutable(_ argumentZero: String?) -> String {
        let name = argumentZero.map { URL(fileURLWithPath: $0).lastPathComponent } ?? ""
        let generic = name.isEmpty || name == "flowsim" || name == "xctest" || name.hasSuffix(".xctest")
        return generic || name.hasSuffix("PackageTests") ? "app-flowsim" : name
    }

    /// The GitHub Actions workflow for an app repository whose root Package.swift pins FlowSim and
    /// declares the team's own flowsim (docs/layouts-on-linux.md): install the Debian packages,
    /// build that executable, check the goldens in two shards, merge the reports.
    static func appWorkflow(executable: String) -> String {
        let install =
            "apt-get update -qq && apt-get install -y -qq --no-install-recommends "
            + debianPackages.joined(separator: " ")
        return """
            # .github/workflows/flowsim.yml
            # The app repository's Package.swift pins FlowSim and builds \(executable), the team's flowsim
            # with the app's layouts (docs/layouts-on-linux.md).
            name: goldens
            on: [push, pull_request]
            jobs:
              check:
                runs-on: ubuntu-latest
                container: swift:6.1-bookworm
                strategy:
                  matrix:
                    shard: [1, 2]
                steps:
                  - uses: actions/checkout@v4
                  - name: FlowSim's Debian packages
                    run: \(install)
                  - name: Build \(executable)
                    run: swift build --product \(executable)
                  - name: Check goldens
                    run: |
                      swift run --skip-build \(executable) check Scenes --goldens Goldens --shard ${{ matrix.shard }}/2 \\
                        --report report-${{ matrix.shard }} --junit junit-${{ matrix.shard }}.xml --summary summary.md
                  - uses: actions/upload-artifact@v4
                    if: always()
                    with:
                      name: golden-report-${{ matrix.shard }}
                      path: report-${{ matrix.shard }}
              report:
                needs: check
                if: always()
                runs-on: ubuntu-latest
                container: swift:6.1-bookworm
                steps:
                  - uses: actions/checkout@v4
                  - name: FlowSim's Debian packages
                    run: \(install)
                  - name: Build \(executable)
                    run: swift build --product \(executable)
                  - uses: actions/download-artifact@v4
                    with:
                      pattern: golden-report-*
                  - name: Merge the shards' reports
                    run: |
                      swift run --skip-build \(executable) check --merge-reports golden-report-* --report report --junit junit.xml --summary summary.md || true
                  - uses: actions/upload-artifact@v4
                    with:
                      name: golden-report
                      path: report

            """
    }
}
