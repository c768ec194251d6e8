// scenario: an ensemble of two-tower recommenders scores user rows taken from a dense float feature matrix
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; but got CPUFloatType instead
#include <torch/torch.h>
#include <iostream>
#include <memory>
#include <vector>

struct Tower : torch::nn::Module {
  Tower(int64_t num_users, int64_t num_items, int64_t dim)
      : user_emb(register_module("user_emb", torch::nn::Embedding(num_users, dim))),
        item_emb(register_module("item_emb", torch::nn::Embedding(num_items, dim))),
        proj(register_module("proj", torch::nn::Linear(dim, dim))) {}

  torch::Tensor forward(const torch::Tensor& user_ids, const torch::Tensor& item_ids) {
    auto u = user_emb->forward(user_ids); // BUG
    auto v = item_emb->forward(item_ids);
    return (proj->forward(u) * v).sum(-1);
  }

  torch::nn::Embedding user_emb;
  torch::nn::Embedding item_emb;
  torch::nn::Linear proj;
};

class Ensemble {
public:
  Ensemble(int members, int64_t num_users, int64_t num_items, int64_t dim) {
    for (int i = 0; i < members; ++i)
      towers_.push_back(std::make_shared<Tower>(num_users, num_items, dim));
  }

  torch::Tensor score(const torch::Tensor& user_ids, const torch::Tensor& item_ids) {
    torch::Tensor total;
    for (const auto& tower : towers_) {
      auto s = tower->forward(user_ids, item_ids);
      total = total.defined() ? total + s : s;
    }
    return total / static_cast<double>(towers_.size());
  }

private:
  std::vector<std::shared_ptr<Tower>> towers_;
};

int main() {
  torch::manual_seed(59);
  const int64_t num_users = 1000, num_items = 500;
  Ensemble ensemble(3, num_users, num_items, 16);

  // Request log: column 0 is the user id, column 1 the item id, then dense
  // features; everything was parsed into one float matrix.
  auto log = torch::cat({torch::randint(0, num_users, {32, 1}).to(torch::kFloat),
                         torch::randint(0, num_items, {32, 1}).to(torch::kFloat),
                         torch::randn({32, 6})}, 1);
  auto user_ids = log.select(1, 0);
  auto item_ids = log.select(1, 1).to(torch::kLong);

  torch::NoGradGuard no_grad;
  auto scores = ensemble.score(user_ids, item_ids);
  std::cout << "top score " << scores.max().item<float>() << "\n";
  return 0;
}
