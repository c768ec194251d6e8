// scenario: search ranking service whose scoring heads live in a ModuleDict, each deployed at its own precision
// tier: 4
// family: module-input-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace nn = torch::nn;

struct HeadSpec {
  std::string name;
  int64_t out_dim;
  torch::Dtype dtype;
};

class RankerImpl : public nn::Module {
public:
  RankerImpl(int64_t dim, const std::vector<HeadSpec> &specs) {
    encoder_ = register_module("encoder", nn::Linear(dim, dim));
    heads_ = register_module("heads", nn::ModuleDict());
    for (const auto &s : specs) {
      nn::Linear head(dim, s.out_dim);
      head->to(s.dtype);
      heads_->update({{s.name, head.ptr()}});
    }
  }

  torch::Tensor encode(const torch::Tensor &x) { return torch::relu(encoder_(x)); }

  torch::Tensor score(const std::string &name, const torch::Tensor &hidden) {
    auto *head = heads_[name]->as<nn::Linear>();
    auto dtype = head->weight.scalar_type();
    return head->forward(hidden.to(dtype));
  }

  std::vector<std::string> head_names() const { return heads_->keys(); }

private:
  nn::Linear encoder_{nullptr};
  nn::ModuleDict heads_{nullptr};
};
TORCH_MODULE(Ranker);

int main() {
  torch::manual_seed(8);
  const int64_t dim = 24;
  std::vector<HeadSpec> specs = {{"relevance", 1, torch::kFloat},
                                 {"freshness", 1, torch::kBFloat16},
                                 {"calibrated_ctr", 1, torch::kDouble}};
  Ranker ranker(dim, specs);
  ranker->eval();

  torch::NoGradGuard no_grad;
  auto docs = torch::randn({10, dim});
  auto hidden = ranker->encode(docs);

  std::map<std::string, torch::Tensor> scores;
  for (const auto &name : ranker->head_names())
    scores[name] = ranker->score(name, hidden).squeeze(1);

  // Blend the heads into one ranking score.
  auto blended = scores["calibrated_ctr"].sigmoid() * 0.5 +
                 scores["relevance"].to(torch::kDouble) * 0.4 +
                 scores["freshness"].to(torch::kDouble) * 0.1;
  auto order = blended.argsort(0, /*descending=*/true);

  for (const auto &kv : scores)
    std::cout << kv.first << " " << kv.second.dtype() << "\n";
  std::cout << "ranking " << order << "\n";
  return order.numel() == 10 && blended.scalar_type() == torch::kDouble ? 0 : 1;
}
