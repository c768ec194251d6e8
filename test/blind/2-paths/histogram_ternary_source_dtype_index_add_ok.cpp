// scenario: a drift monitor keeps a weighted float32 histogram and an int64 count histogram; a ternary builds the index_add_ source in each histogram's own dtype
// tier: 2
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <vector>

struct Histogram {
  std::string name;
  torch::Tensor bins;
};

void accumulate(Histogram& h, const torch::Tensor& bin_ids, const torch::Tensor& weights) {
  const torch::Tensor source = h.bins.is_floating_point()
                                   ? weights.to(h.bins.scalar_type())
                                   : torch::ones(bin_ids.sizes(), h.bins.options());
  h.bins.index_add_(0, bin_ids, source);
}

int main() {
  torch::manual_seed(131);
  const int64_t num_bins = 8;
  std::vector<Histogram> hists = {
      {"weighted", torch::zeros({num_bins})},
      {"counts", torch::zeros({num_bins}, torch::kLong)},
      {"weighted_f64", torch::zeros({num_bins}, torch::kFloat64)},
  };

  std::vector<double> importance = {0.5, 1.0, 2.0, 1.5, 0.25, 1.0};
  torch::Tensor weights = torch::from_blob(importance.data(), {6}, torch::kFloat64);
  for (int step = 0; step < 3; ++step) {
    torch::Tensor scores = torch::rand({6});
    torch::Tensor bin_ids = (scores * num_bins).to(torch::kLong).clamp_max(num_bins - 1);
    for (auto& h : hists) accumulate(h, bin_ids, weights);
  }
  for (const auto& h : hists) std::cout << h.name << " " << h.bins << "\n";

  // Population stability index of the weighted histogram against a uniform reference.
  torch::Tensor observed = hists[0].bins / hists[0].bins.sum().clamp_min(1e-6);
  torch::Tensor reference = torch::full({num_bins}, 1.0 / num_bins);
  torch::Tensor eps = torch::full({num_bins}, 1e-4);
  torch::Tensor o = torch::max(observed, eps), r = torch::max(reference, eps);
  std::cout << "psi " << ((o - r) * torch::log(o / r)).sum().item<float>() << "\n";
  return 0;
}
