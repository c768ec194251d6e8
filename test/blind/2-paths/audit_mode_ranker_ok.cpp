// scenario: a ranker that recomputes scores in float64 in audit mode and blends them with float64 popularity priors
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <iostream>
#include <string>
#include <variant>
#include <vector>

namespace {

struct Exact {};
struct Sampled {
  int64_t numItems;
};
using Mode = std::variant<Exact, Sampled>;

struct RankerConfig {
  bool auditMode = false;
  double priorWeight = 0.1;
  Mode mode = Exact{};
};

// Popularity priors come from the stats service as float64 counts.
torch::Tensor loadPriors(int64_t numItems) {
  auto counts = torch::randint(0, 1000, {numItems}, torch::kFloat64);
  counts.index_fill_(0, torch::randint(numItems, {8}), 0.0);
  return counts / counts.sum();
}

torch::Tensor selectItems(const Mode &mode, int64_t numItems) {
  return std::visit(
      [numItems](const auto &m) -> torch::Tensor {
        using M = std::decay_t<decltype(m)>;
        if constexpr (std::is_same_v<M, Exact>)
          return torch::arange(numItems);
        else
          return torch::randperm(numItems).slice(0, 0, m.numItems);
      },
      mode);
}

} // namespace

torch::Tensor rank(const torch::Tensor &users, const torch::Tensor &items,
                   const torch::Tensor &priors, const RankerConfig &cfg) {
  auto ids = selectItems(cfg.mode, items.size(0));
  torch::Tensor u = users;
  torch::Tensor v = items.index_select(0, ids);
  if (cfg.auditMode) {
    u = u.to(torch::kFloat64);
    v = v.to(torch::kFloat64);
  }
  auto logits = torch::matmul(u, v.t());

  auto p = priors.index_select(0, ids);
  auto boost = torch::where(p > 0, cfg.priorWeight * p.log1p(),
                            torch::zeros_like(logits));
  auto blended = logits + boost;

  auto out = torch::zeros({users.size(0), items.size(0)});
  out.index_copy_(1, ids, blended.to(out.scalar_type()));
  return out;
}

int main() {
  torch::manual_seed(9);
  const int64_t numItems = 200, dim = 16;
  auto users = torch::randn({4, dim});
  auto items = torch::randn({numItems, dim});
  auto priors = loadPriors(numItems);

  std::vector<RankerConfig> configs(3);
  configs[1].auditMode = true;
  configs[2].mode = Sampled{50};

  torch::Tensor reference;
  for (const auto &cfg : configs) {
    auto scores = rank(users, items, priors, cfg);
    if (!reference.defined())
      reference = scores.clone();
    else if (std::holds_alternative<Exact>(cfg.mode))
      reference.add_(scores.to(torch::kFloat64)).div_(2);
    std::cout << (cfg.auditMode ? "audit" : "serve") << " top item "
              << scores.argmax(1)[0].item<int64_t>() << "\n";
  }
  std::cout << "reference mean " << reference.mean().item<float>() << "\n";
  return 0;
}
