// scenario: a nearest-centroid classifier embeds samples and computes cdist to float32 centroids within the CPU autocast region, where cdist runs in float32
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

class NearestCentroid {
 public:
  NearestCentroid(int64_t in, int64_t dim, int64_t classes)
      : embed_(in, dim), centroids_(torch::randn({classes, dim})) {}

  torch::Tensor predict(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    at::autocast::set_cpu_enabled(true);
    auto z = torch::relu(embed_(x));
    auto dist = torch::cdist(z, centroids_);
    at::autocast::set_cpu_enabled(false);
    auto margin = std::get<0>(dist.min(1)) - 0.5;
    return dist.argmin(1).masked_fill(margin.gt(10.0), -1);
  }

 private:
  torch::nn::Linear embed_;
  torch::Tensor centroids_;
};

int main() {
  torch::manual_seed(0);
  NearestCentroid clf(16, 8, 4);
  auto preds = clf.predict(torch::randn({12, 16}));
  std::cout << "predictions " << preds << "\n";
  return 0;
}
