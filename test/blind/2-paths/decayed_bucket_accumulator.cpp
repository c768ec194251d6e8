// scenario: accumulates hashed sparse-feature weights per bucket; a batch's weights are a constant or a per-event time-decay tensor
// tier: 2
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_add_(): self (Float) and source (Double) must have the same scalar type
#include <torch/torch.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace features {

// A batch either carries one weight for every event or a weight per event.
using WeightSpec = std::variant<float, torch::Tensor>;

struct SparseBatch {
  std::vector<int64_t> featureIds;
  WeightSpec weights;
};

inline torch::Tensor hashBuckets(const std::vector<int64_t> &ids,
                                 int64_t numBuckets) {
  auto t = torch::tensor(ids, torch::kLong);
  // Knuth multiplicative hash, kept positive before the modulo.
  return (t * int64_t{2654435761}).remainder(numBuckets);
}

inline torch::Tensor materialize(const WeightSpec &spec, int64_t n) {
  return std::visit(
      [n](const auto &w) -> torch::Tensor {
        using W = std::decay_t<decltype(w)>;
        if constexpr (std::is_same_v<W, float>)
          return torch::full({n}, w);
        else
          return w.reshape({n});
      },
      spec);
}

// Event ages are kept in seconds; float32 loses whole seconds past ~2^24.
inline torch::Tensor timeDecay(const std::vector<double> &ageSeconds,
                               double halfLifeSeconds) {
  auto ages = torch::tensor(ageSeconds, torch::kFloat64);
  return torch::exp2(-ages / halfLifeSeconds);
}

} // namespace features

class BucketAccumulator {
public:
  explicit BucketAccumulator(int64_t numBuckets)
      : numBuckets_(numBuckets), totals_(torch::zeros({numBuckets})),
        counts_(torch::zeros({numBuckets}, torch::kLong)) {}

  void add(const features::SparseBatch &batch) {
    const auto n = static_cast<int64_t>(batch.featureIds.size());
    if (n == 0)
      return;
    auto buckets = features::hashBuckets(batch.featureIds, numBuckets_);
    auto w = features::materialize(batch.weights, n);
    totals_.index_add_(0, buckets, w); // BUG
    counts_.index_add_(0, buckets, torch::ones({n}, torch::kLong));
  }

  torch::Tensor meanWeight() const {
    return totals_ / counts_.clamp_min(1).to(totals_.scalar_type());
  }

  int64_t occupied() const { return counts_.gt(0).sum().item<int64_t>(); }

private:
  int64_t numBuckets_;
  torch::Tensor totals_;
  torch::Tensor counts_;
};

int main() {
  std::vector<features::SparseBatch> batches;
  batches.push_back({{11, 42, 42, 97, 1003}, 1.0f});
  batches.push_back({{7, 11, 256}, 0.25f});
  batches.push_back({{42, 512, 9001, 11},
                     features::timeDecay({30.0, 3600.0, 86400.0, 120.0},
                                         /*halfLifeSeconds=*/7200.0)});

  BucketAccumulator acc(/*numBuckets=*/64);
  for (const auto &b : batches)
    acc.add(b);

  auto mean = acc.meanWeight();
  std::cout << "occupied buckets: " << acc.occupied()
            << ", max mean weight: " << mean.max().item<float>() << "\n";
  return 0;
}
