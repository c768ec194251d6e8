// scenario: magnitude-pruning tool zeroes and later restores individual weights of Linear layers, passed by holder reference, of a model converted to float64 for the analysis
// tier: 4
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <map>
#include <string>

namespace {

struct MlpImpl : torch::nn::Module {
  MlpImpl() {
    fc1 = register_module("fc1", torch::nn::Linear(6, 10));
    fc2 = register_module("fc2", torch::nn::Linear(10, 3));
  }
  torch::Tensor forward(const torch::Tensor &x) {
    return fc2->forward(torch::tanh(fc1->forward(x)));
  }
  torch::nn::Linear fc1{nullptr}, fc2{nullptr};
};
TORCH_MODULE(Mlp);

struct PrunedSite {
  torch::Tensor rows;
  torch::Tensor cols;
  torch::Tensor saved; // original values, same dtype as the layer's weight
};

// Works on layers whose parameters are float64 (the analysis model).
class MagnitudePruner {
public:
  int64_t prune(const std::string &name, torch::nn::Linear &fc, double fraction) {
    torch::NoGradGuard no_grad;
    const auto &w = fc->weight;
    const int64_t k = static_cast<int64_t>(fraction * w.numel());
    if (k == 0)
      return 0;
    auto threshold = std::get<0>(w.abs().flatten().kthvalue(k));
    auto where = torch::nonzero(w.abs() <= threshold);
    PrunedSite site{where.select(1, 0), where.select(1, 1), torch::Tensor()};
    site.saved = w.index({site.rows, site.cols}).clone();
    fc->weight.index_put_({site.rows, site.cols},
                          torch::zeros({site.rows.size(0)}, torch::kDouble));
    sites_[name] = site;
    return site.rows.size(0);
  }

  void restore(const std::string &name, torch::nn::Linear &fc) {
    auto it = sites_.find(name);
    if (it == sites_.end())
      return;
    torch::NoGradGuard no_grad;
    fc->weight.index_put_({it->second.rows, it->second.cols}, it->second.saved);
    sites_.erase(it);
  }

private:
  std::map<std::string, PrunedSite> sites_;
};

double sparsity(torch::nn::Module &m) {
  int64_t zeros = 0, total = 0;
  for (const auto &item : m.named_parameters()) {
    if (item.key().find("weight") == std::string::npos)
      continue;
    zeros += item.value().eq(0).sum().item<int64_t>();
    total += item.value().numel();
  }
  return total ? static_cast<double>(zeros) / total : 0.0;
}

} // namespace

int main() {
  torch::manual_seed(0);
  Mlp model;
  model->to(torch::kDouble);
  auto x = torch::randn({4, 6}, torch::kDouble);
  auto before = model->forward(x).detach();

  MagnitudePruner pruner;
  int64_t n1 = pruner.prune("fc1", model->fc1, 0.25);
  int64_t n2 = pruner.prune("fc2", model->fc2, 0.5);
  if (n1 < 15 || n2 < 15)
    return 1;
  double s = sparsity(*model);
  if (s < 0.25 || s > 0.5)
    return 1;

  auto pruned_out = model->forward(x).detach();
  if (torch::allclose(before, pruned_out))
    return 1;

  pruner.restore("fc1", model->fc1);
  pruner.restore("fc2", model->fc2);
  auto after = model->forward(x).detach();
  return torch::equal(before, after) ? 0 : 1;
}
