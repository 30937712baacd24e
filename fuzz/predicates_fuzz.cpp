// libFuzzer target: orient2d, orient3d, incircle and insphere on coordinates
// of all eight types (fuzz_coordinates.hpp turns the bytes into them) against
// determinants expanded by cofactors in mpq_class, written here from the
// definitions of docs/queries.md. NaN/inf coordinates must throw
// exactgeom::invalid_input; any other disagreement prints the inputs exactly
// and aborts.
#include <cstddef>
#include <cstdint>
#include <string>

#include "exactgeom/predicates.hpp"
#include "fuzz_coordinates.hpp"

namespace {

using fuzz::Q;
using fuzz::QV;

Q det2(const Q& a, const Q& b, const Q& c, const Q& d) { return a * d - b * c; }

Q det3(const Q (&m)[3][3]) {
  return m[0][0] * det2(m[1][1], m[1][2], m[2][1], m[2][2]) -
         m[0][1] * det2(m[1][0], m[1][2], m[2][0], m[2][2]) +
         m[0][2] * det2(m[1][0], m[1][1], m[2][0], m[2][1]);
}

Q det4(const Q (&m)[4][4]) {
  Q sum = 0;
  for (int col = 0; col < 4; ++col) {
    Q minor[3][3];
    for (int i = 1; i < 4; ++i)
      for (int j = 0, jj = 0; j < 4; ++j)
        if (j != col) minor[i - 1][jj++] = m[i][j];
    const Q term = m[0][col] * det3(minor);
    sum += col % 2 == 0 ? term : Q(-term);
  }
  return sum;
}

int oracle_orient2d(const QV& a, const QV& b, const QV& c) {
  return sgn(det2(b[0] - a[0], b[1] - a[1], c[0] - a[0], c[1] - a[1]));
}

int oracle_orient3d(const QV& a, const QV& b, const QV& c, const QV& d) {
  Q m[3][3];
  const QV* rows[3] = {&b, &c, &d};
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) m[i][k] = (*rows[i])[k] - a[k];
  return sgn(det3(m));
}

int oracle_incircle(const QV& a, const QV& b, const QV& c, const QV& d) {
  Q m[3][3];
  const QV* rows[3] = {&a, &b, &c};
  for (int i = 0; i < 3; ++i) {
    m[i][0] = (*rows[i])[0] - d[0];
    m[i][1] = (*rows[i])[1] - d[1];
    m[i][2] = m[i][0] * m[i][0] + m[i][1] * m[i][1];
  }
  return sgn(det3(m));
}

int oracle_insphere(const QV& a, const QV& b, const QV& c, const QV& d, const QV& e) {
  Q m[4][4];
  const QV* rows[4] = {&a, &b, &c, &d};
  for (int i = 0; i < 4; ++i) {
    m[i][3] = 0;
    for (int k = 0; k < 3; ++k) {
      m[i][k] = (*rows[i])[k] - e[k];
      m[i][3] += m[i][k] * m[i][k];
    }
  }
  return -sgn(det4(m));
}

template <class T, int D, int N, class Library, class Oracle>
void check(fuzz::Bytes& in, const char* name, Library library, Oracle oracle) {
  using P = std::conditional_t<D == 2, exactgeom::Point2<T>, exactgeom::Point3<T>>;
  fuzz::Gen<T> gen(in);
  P p[N];
  fuzz::Log log;
  log.add(std::string(name) + " on " + fuzz::type_name<T>());
  bool invalid = false;
  for (int i = 0; i < N; ++i) {
    if constexpr (D == 2)
      p[i] = gen.point2();
    else
      p[i] = gen.point3();
    const char label[2] = {static_cast<char>('a' + i), 0};
    log.point(label, p[i]);
    invalid = invalid || !fuzz::finite(p[i]);
  }
  int got = 0;
  if (!fuzz::run_expecting(invalid, log, [&] { got = static_cast<int>(library(p)); })) return;
  QV q[N];
  for (int i = 0; i < N; ++i) q[i] = fuzz::qv(p[i]);
  const int want = oracle(q);
  log.add(std::string(name) + " = " + std::to_string(got));
  if (got != want)
    log.fail(std::string(name) + " = " + std::to_string(got) + ", oracle " + std::to_string(want));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  fuzz::Bytes in(data, size);
  const std::uint8_t type = in.u8(), op = in.u8();
  fuzz::with_type(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    namespace eg = exactgeom;
    switch (op % 4) {
      case 0:
        check<T, 2, 3>(
            in, "orient2d", [](const auto& p) { return eg::orient2d(p[0], p[1], p[2]); },
            [](const QV* q) { return oracle_orient2d(q[0], q[1], q[2]); });
        break;
      case 1:
        check<T, 3, 4>(
            in, "orient3d", [](const auto& p) { return eg::orient3d(p[0], p[1], p[2], p[3]); },
            [](const QV* q) { return oracle_orient3d(q[0], q[1], q[2], q[3]); });
        break;
      case 2:
        check<T, 2, 4>(
            in, "incircle", [](const auto& p) { return eg::incircle(p[0], p[1], p[2], p[3]); },
            [](const QV* q) { return oracle_incircle(q[0], q[1], q[2], q[3]); });
        break;
      default:
        check<T, 3, 5>(
            in, "insphere",
            [](const auto& p) { return eg::insphere(p[0], p[1], p[2], p[3], p[4]); },
            [](const QV* q) { return oracle_insphere(q[0], q[1], q[2], q[3], q[4]); });
        break;
    }
  });
  return 0;
}
