//===- contract_lookups.cpp - the op contract table's cost, timed apart ---===//
//
// What the measured op contracts (checker/analysis/OpContracts.h) cost a
// unit's analysis, apart from the rest of it: building the name index each
// unit's ApiModel makes, a lookup of an op's overloads by name, and an
// outcome lookup for one combination of dtypes. Every overload of the table
// is looked up by its name and for every combination its slots were
// measured with (all slots one dtype; the first two every pair). Prints one
// line per quantity. Not part of ctest (a speed, never a test):
//   cmake --build build --target torchdtype-bench-contracts
//   build/bin/torchdtype-bench-contracts [ROUNDS]     (default 20)
//
//===----------------------------------------------------------------------===//

#include "analysis/OpContracts.h"
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace torchdtype;
using Clock = std::chrono::steady_clock;

static double secondsSince(Clock::time_point T) {
  return std::chrono::duration<double>(Clock::now() - T).count();
}

int main(int argc, char **argv) {
  unsigned Rounds = argc > 1 ? unsigned(std::atoi(argv[1])) : 20;
  if (Rounds == 0)
    Rounds = 1;
  // The index every unit's analysis builds once.
  auto T0 = Clock::now();
  for (unsigned R = 0; R < Rounds; ++R) {
    OpContracts C;
    if (C.overloads("mm").empty())
      return 1;
  }
  double Build = secondsSince(T0) / Rounds;

  OpContracts C;
  llvm::ArrayRef<DType> DTypes = OpContracts::dtypes();
  unsigned N = OpContracts::numOverloads();
  // The combinations each overload was measured with.
  std::vector<std::pair<unsigned, std::vector<DType>>> Queries;
  for (unsigned I = 0; I < N; ++I) {
    unsigned Slots = C.overload(I).numSlots();
    if (Slots == 0)
      continue;
    for (DType A : DTypes) {
      Queries.push_back({I, std::vector<DType>(Slots, A)});
      if (Slots < 2)
        continue;
      for (DType B : DTypes) {
        std::vector<DType> Q(Slots, DType::Float);
        Q[0] = A;
        Q[1] = B;
        Queries.push_back({I, Q});
      }
    }
  }
  unsigned long Found = 0, Measured = 0;
  auto T1 = Clock::now();
  for (unsigned R = 0; R < Rounds; ++R)
    for (unsigned I = 0; I < N; ++I)
      Found += C.overloads(C.overload(I).Name).size();
  double ByName = secondsSince(T1) / (double(Rounds) * N);
  auto T2 = Clock::now();
  for (unsigned R = 0; R < Rounds; ++R)
    for (const auto &[I, Q] : Queries)
      Measured += C.outcome(I, Q).K != ContractOutcome::Unmeasured;
  double Outcome = secondsSince(T2) / (double(Rounds) * Queries.size());
  std::printf("overloads: %u, combinations looked up: %zu (%lu measured)\n",
              N, Queries.size(), Measured / Rounds);
  std::printf("index build per unit: %.3f ms\n", Build * 1e3);
  std::printf("overloads by name: %.1f ns per lookup\n", ByName * 1e9);
  std::printf("outcome of a combination: %.1f ns per lookup\n", Outcome * 1e9);
  return Found ? 0 : 1;
}
