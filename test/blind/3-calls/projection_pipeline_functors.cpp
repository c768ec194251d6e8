// scenario: a feature pipeline of functor stages ends in a random projection whose basis comes from a linalg helper with a float64 default
// tier: 3
// family: mixed-precision
// expect: bug
// verified: cpu-1.13.1
// raises: expected scalar type Float but found Double
#include <torch/torch.h>

#include <functional>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

namespace linalg {

// Orthonormal columns via QR; computed in double so the basis stays
// orthonormal for wide inputs.
inline torch::Tensor orthonormalBasis(int64_t rows, int64_t cols, uint64_t seed,
                                      torch::Dtype dtype = torch::kFloat64) {
  auto gen = at::detail::createCPUGenerator(seed);
  auto gauss = torch::randn({rows, cols}, gen, torch::dtype(dtype));
  return std::get<0>(torch::linalg_qr(gauss));
}

} // namespace linalg

namespace pipeline {

using Stage = std::function<torch::Tensor(const torch::Tensor &)>;

struct Standardize {
  torch::Tensor mean, stdev;
  torch::Tensor operator()(const torch::Tensor &x) const {
    return (x - mean) / stdev.clamp_min(1e-6);
  }
};

struct ClipOutliers {
  double bound;
  torch::Tensor operator()(const torch::Tensor &x) const {
    return x.clamp(-bound, bound);
  }
};

struct RandomProjection {
  torch::Tensor basis;
  torch::Tensor operator()(const torch::Tensor &x) const {
    return torch::matmul(x, basis); // BUG
  }
};

class FeaturePipeline {
public:
  FeaturePipeline &then(Stage s) {
    stages_.push_back(std::move(s));
    return *this;
  }
  torch::Tensor run(torch::Tensor x) const {
    for (const auto &s : stages_)
      x = s(x);
    return x;
  }
  size_t size() const { return stages_.size(); }

private:
  std::vector<Stage> stages_;
};

} // namespace pipeline

pipeline::FeaturePipeline buildPipeline(const torch::Tensor &calibration,
                                        int64_t outDim) {
  const int64_t inDim = calibration.size(1);
  pipeline::FeaturePipeline p;
  p.then(pipeline::Standardize{calibration.mean(0), calibration.std(0)})
      .then(pipeline::ClipOutliers{4.0})
      .then(pipeline::RandomProjection{
          linalg::orthonormalBasis(inDim, outDim, /*seed=*/1234)});
  return p;
}

int main() {
  torch::manual_seed(0);
  auto calibration = torch::randn({256, 48}) * 3.0 + 1.0;
  auto pipe = buildPipeline(calibration, /*outDim=*/16);

  auto batch = torch::randn({8, 48}) * 3.0 + 1.0;
  auto embedded = pipe.run(batch);
  std::cout << "stages: " << pipe.size() << ", embedded " << embedded.sizes()
            << " norm " << embedded.norm().item<float>() << "\n";
  return 0;
}
