// AuditReport::from_json: reads back one line of AuditReport::json(), so a
// program merges the --json outputs of its shards itself (merge_reports).
// The parser is nlohmann::json (Debian's nlohmann-json3-dev, header only);
// it is used in this file alone, so it is neither in the installed headers
// nor on a user's link line.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

#include "exactgeom/audit/audit.hpp"
#include "exactgeom/audit/subject.hpp"

namespace exactgeom::audit {

namespace {

using nlohmann::json;  // (inside AuditReport, json names its member function)

/// A number as json() writes it: null is NaN, "inf" / "-inf" the infinities.
double number(const json& e) {
  if (e.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (e.is_string()) {
    const std::string& s = e.get_ref<const std::string&>();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    throw invalid_input("a number was expected, not \"" + s + "\"");
  }
  if (!e.is_number()) throw invalid_input("a number was expected");
  return e.get<double>();
}

std::uint64_t count(const json& e) {
  if (!e.is_number_unsigned()) throw invalid_input("a count was expected");
  return e.get<std::uint64_t>();
}

std::string text(const json& e) { return e.get<std::string>(); }

}  // namespace

AuditReport AuditReport::from_json(std::string_view line) {
  try {
    const nlohmann::json j = nlohmann::json::parse(line.begin(), line.end());
    AuditReport r;
    r.algorithm = text(j.at("algorithm"));
    r.question = text(j.at("question"));
    if (j.contains("shard")) r.shard = text(j.at("shard"));
    r.real_valued = j.at("real_valued").get<bool>();
    r.sign_valued = j.at("sign_valued").get<bool>();
    r.may_be_none = j.at("may_be_none").get<bool>();
    const std::string unit = text(j.at("tolerance").at("unit"));
    if (unit == "exact_ulps") r.tolerance.unit = Unit::exact_ulps;
    else if (unit == "scale_ulps") r.tolerance.unit = Unit::scale_ulps;
    else if (unit == "absolute") r.tolerance.unit = Unit::absolute;
    else throw invalid_input("unknown unit \"" + unit + "\"");
    r.tolerance.value = number(j.at("tolerance").at("value"));
    r.gross_band = number(j.at("gross_band"));
    const double power = number(j.at("answer_scale_power"));
    if (power != 0 && power != 1 && power != 2) throw invalid_input("answer_scale_power: 0, 1 or 2 expected");
    r.answer_scale_power = static_cast<int>(power);
    r.band_ulp = number(j.at("band_ulp"));
    r.keep = count(j.at("keep"));
    for (const nlohmann::json& f : j.at("families")) {
      FamilyAudit a;
      a.name = text(f.at("family"));
      for (CaseFamily k : kAllFamilies)
        if (to_string(k) == a.name) a.family = k;
      a.cases = count(f.at("cases")), a.wrong = count(f.at("wrong")), a.gross = count(f.at("gross"));
      a.false_positives = count(f.at("false_positives"));
      a.false_negatives = count(f.at("false_negatives"));
      a.opposite_sign = count(f.at("opposite_sign"));
      a.got_none = count(f.at("got_none")), a.got_value = count(f.at("got_value"));
      a.skipped = count(f.at("skipped"));
      a.max_ulp = number(f.at("max_ulp")), a.max_scale_ulp = number(f.at("max_scale_ulp"));
      a.max_abs = number(f.at("max_abs")), a.max_held_offset = number(f.at("max_held_offset"));
      a.max_abs_at_zero = number(f.at("max_abs_at_zero"));
      const nlohmann::json& h = f.at("ulp_histogram");
      if (!h.is_array() || h.size() != a.ulp_histogram.size()) throw invalid_input("ulp_histogram: 5 counts expected");
      for (std::size_t k = 0; k < a.ulp_histogram.size(); ++k) a.ulp_histogram[k] = count(h[k]);
      for (const nlohmann::json& w : f.at("smallest")) {
        WrongCase c;
        c.query = text(w.at("query"));
        c.expected = text(w.at("expected"));
        c.got = text(w.at("got"));
        c.gross = w.at("gross").get<bool>();
        c.margin = number(w.at("margin")), c.margin_ulps = number(w.at("margin_ulps"));
        c.size = number(w.at("size")), c.unshrunk_size = number(w.at("unshrunk_size"));
        c.index = count(w.at("index"));
        for (const nlohmann::json& v : w.at("values")) {
          const std::string s = text(v);  // hex floats, exactly
          char* end = nullptr;
          const double x = std::strtod(s.c_str(), &end);
          if (s.empty() || *end != '\0') throw invalid_input("values: not a number: \"" + s + "\"");
          c.values.push_back(x);
        }
        a.smallest.push_back(std::move(c));
      }
      r.families.push_back(std::move(a));
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw invalid_input(std::string("AuditReport::from_json: not a line of AuditReport::json() (") + e.what() + ")");
  } catch (const invalid_input& e) {
    throw invalid_input(std::string("AuditReport::from_json: ") + e.what());
  }
}

}  // namespace exactgeom::audit
