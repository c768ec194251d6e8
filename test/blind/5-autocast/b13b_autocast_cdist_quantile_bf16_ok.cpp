// scenario: retrieval step under CPU bfloat16 autocast: projected queries (bfloat16) are matched against a float32 key bank with cdist and thresholded at a distance quantile; both ops run in float32 under autocast
// tier: 5
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>

namespace {

struct Retriever {
  Retriever(int64_t in, int64_t dim, int64_t keys)
      : proj(torch::randn({in, dim}) / std::sqrt(static_cast<double>(in))),
        key_bank(torch::randn({keys, dim})) {}

  // returns (nearest key, distance, accepted)
  std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> match(const torch::Tensor &x,
                                                                double keep) const {
    auto q = torch::mm(x, proj);             // bfloat16 under autocast
    auto d = torch::cdist(q, key_bank);      // autocast runs cdist in float32
    auto best = d.min(1);
    auto dist = std::get<0>(best);
    auto cut = torch::quantile(dist, keep);  // float32 list as well
    auto accepted = dist.le(cut);
    auto shown = torch::where(accepted, dist, torch::full_like(dist, -1.0));
    return {std::get<1>(best), shown, accepted};
  }

  torch::Tensor proj, key_bank;
};

} // namespace

int main() {
  torch::manual_seed(17);
  Retriever r(16, 8, 10);
  auto x = torch::randn({6, 16});

  at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
  at::autocast::set_cpu_enabled(true);
  auto result = r.match(x, 0.5);
  at::autocast::clear_cache();
  at::autocast::set_cpu_enabled(false);

  auto idx = std::get<0>(result);
  auto dist = std::get<1>(result);
  auto n_ok = std::get<2>(result).sum().item<int64_t>();
  // distances came back float32: mixing with the float32 bank is fine
  auto gathered = r.key_bank.index_select(0, idx) * dist.clamp_min(0).unsqueeze(1);
  std::cout << "accepted " << n_ok << " of " << idx.size(0) << ", "
            << gathered.scalar_type() << "\n";
  return 0;
}
