// scenario: a ranking ensemble registers scorer modules kept in a std::map of shared_ptr; the ensemble is converted to double, then an experiment adds a fresh member that stays float
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>

#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

struct ScorerImpl : torch::nn::Module {
  ScorerImpl(int64_t in_features, int64_t hidden)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, hidden))),
        fc2(register_module("fc2", torch::nn::Linear(hidden, 1))) {}

  torch::Tensor forward(const torch::Tensor &x) {
    return fc2(torch::relu(fc1(x))); // BUG
  }

  torch::nn::Linear fc1, fc2;
};

class RankingEnsembleImpl : public torch::nn::Module {
 public:
  explicit RankingEnsembleImpl(int64_t in_features) : in_features_(in_features) {}

  void add_member(const std::string &name, int64_t hidden, double blend_weight) {
    members_[name] = register_module(name, std::make_shared<ScorerImpl>(in_features_, hidden));
    blend_[name] = blend_weight;
  }

  torch::Tensor forward(const torch::Tensor &x) {
    std::vector<torch::Tensor> scores;
    for (auto &item : members_)
      scores.push_back(item.second->forward(x) * blend_[item.first]);
    return torch::stack(scores).sum(0);
  }

 private:
  int64_t in_features_;
  std::map<std::string, std::shared_ptr<ScorerImpl>> members_;
  std::map<std::string, double> blend_;
};
TORCH_MODULE(RankingEnsemble);

int main() {
  torch::manual_seed(13);
  RankingEnsemble ensemble(24);
  ensemble->add_member("gbdt_distill", 32, 0.6);
  ensemble->add_member("wide", 64, 0.4);
  ensemble->to(torch::kDouble);

  // experiment 4417: blend in a small freshness scorer
  ensemble->add_member("fresh_ctr", 16, 0.1);

  torch::NoGradGuard no_grad;
  auto candidates = torch::randn({50, 24}, torch::kDouble);
  auto scores = ensemble->forward(candidates);
  auto top = std::get<1>(scores.squeeze(1).topk(5));
  std::cout << "top candidates " << top << "\n";
  return 0;
}
