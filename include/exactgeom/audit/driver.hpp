// exactgeom/audit/driver.hpp: a ready main() for audit programs (the
// programs of examples/audits and your own): jobs, flags, reports.
#pragma once

#include <functional>
#include <iterator>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "exactgeom/audit/types.hpp"

namespace exactgeom::audit {

/// One audit of an audit program (audit_main): a name, matched by --only
/// and printed by --list, and what runs it with the program's options. The
/// function returns one AuditReport or several (a std::array, as
/// audit_contact's three, or a std::vector).
struct AuditJob {
  std::string name;                                                  ///< matched by --only, printed by --list
  std::function<std::vector<AuditReport>(const AuditOptions&)> run;  ///< runs the audit with the program's options

  AuditJob() = default;
  /// The job `job_name` running fn(options), which returns an AuditReport,
  /// a std::array or a std::vector of them.
  template <class Fn>
  AuditJob(std::string job_name, Fn fn)
      : name(std::move(job_name)), run([fn = std::move(fn)](const AuditOptions& o) {
          auto r = fn(o);
          if constexpr (std::is_same_v<decltype(r), AuditReport>) return std::vector<AuditReport>{std::move(r)};
          else return std::vector<AuditReport>(std::make_move_iterator(r.begin()), std::make_move_iterator(r.end()));
        }) {}
};

/// A flag of your own for audit_main (an engine's tolerance, a mode):
/// `--NAME VALUE` calls set(VALUE) before any job runs, so the jobs read
/// what it set; `help` is listed by --help. set() throws
/// std::invalid_argument for a value it does not take (a usage error,
/// exit status 2, the message on standard error). Without a `value_name`
/// the flag takes no value and set("") is called.
///   double tolerance = 1e-4;
///   audit_main(argc, argv, jobs, {}, {{"--tolerance", "the engine's cast tolerance", "T",
///                                      [&](const std::string& v) { tolerance = std::stod(v); }}});
struct AuditFlag {
  std::string name;        ///< with its dashes: "--tolerance"
  std::string help;        ///< one line
  std::string value_name;  ///< "T"; empty: a flag without a value
  std::function<void(const std::string&)> set;  ///< called with the flag's value ("" without a value_name)
};

/// A ready main() for an audit program: parses the standard flags into a
/// copy of `defaults`, runs the chosen jobs in order and prints their
/// reports, Markdown or (--json) one AuditReport::json() line each, which
/// `exactgeom audit --merge` merges across shards. Flags: --cases N,
/// --seed S, --shard I/N, --keep K, --only TEXT (repeatable: the jobs whose
/// name contains it), --json, --html FILE (also the reports' page,
/// exactgeom/audit/html.hpp, titled with the program's name), --list,
/// --help. Returns the exit status: 0 when every report has cases, 1 when
/// one has none, 2 for a usage error, options that do not apply to an
/// audit, or output (or the page) that cannot be written (the message on
/// standard error).
///   int main(int argc, char** argv) {
///     return exactgeom::audit::audit_main(argc, argv, {{"my contact", [](const AuditOptions& o) {
///       return exactgeom::audit::audit_contact<A, B>(my_contact, o, "my contact"); }}});
///   }
/// `flags` are the program's own, beside the standard ones (a name that is
/// a standard flag's is an error, exit status 2).
int audit_main(int argc, char** argv, const std::vector<AuditJob>& jobs, AuditOptions defaults = {},
               const std::vector<AuditFlag>& flags = {});

}  // namespace exactgeom::audit
