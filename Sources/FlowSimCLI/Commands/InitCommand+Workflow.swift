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

    /// The workflow of docs/goldens.md for a FlowSim checkout, word for word (a test checks it).
    static let checkoutWorkflow = workflow(runner: "Scripts/flowsim", about: "", setup: "")

    /// The GitHub Actions workflow for an app repository whose root Package.swift pins FlowSim and
    /// declares the team's own flowsim (docs/layouts-on-linux.md): install the Debian packages,
    /// build that executable, check the goldens in two shards, merge the reports.
    static func appWorkflow(executable: String) -> String {
        let install =
            "apt-get update -qq && apt-get install -y -qq --no-install-recommends "
            + debianPackages.joined(separator: " ")
        return workflow(
            runner: "swift run --skip-build \(executable)",
            about: """

                # The app repository's Package.swift pins FlowSim and builds \(executable), the team's flowsim
                # with the app's layouts (docs/layouts-on-linux.md).
                """,
            setup: """

                      - name: FlowSim's Debian packages
                        run: \(install)
                      - name: Build \(executable)
                        run: swift build --product \(executable)
                """)
    }

    /// The one workflow both variants share: check the goldens in two shards, upload each shard's
    /// report, merge them. `runner` runs flowsim; `about` follows the first comment line and
    /// `setup` the checkout step of each job (each starts with its own line break, or is empty).
    static func workflow(runner: String, about: String, setup: String) -> String {
        """
        # .github/workflows/flowsim.yml\(about)
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
              - uses: actions/checkout@v4\(setup)
              - name: Check goldens
                run: |
                  \(runner) check Scenes --goldens Goldens --shard ${{ matrix.shard }}/2 \\
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
              - uses: actions/checkout@v4\(setup)
              - uses: actions/download-artifact@v4
                with:
                  pattern: golden-report-*
              - name: Merge the shards' reports
                run: |
                  \(runner) check --merge-reports golden-report-* --report report --junit junit.xml --summary summary.md || true
              - uses: actions/upload-artifact@v4
                with:
                  name: golden-report
                  path: report

        """
    }
}
