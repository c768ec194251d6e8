// scenario: CPU recommender keeps its large item-embedding table in float16 to fit memory; lookups are converted to float32 before the scoring MLP
// tier: 4
// family: half-on-cpu
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>

struct TwoTowerScorerImpl : torch::nn::Module {
  TwoTowerScorerImpl(int64_t items, int64_t users, int64_t dim) {
    item_table_ = register_module("item_table", torch::nn::Embedding(items, dim));
    user_table_ = register_module("user_table", torch::nn::Embedding(users, dim));
    mlp_ = register_module("mlp", torch::nn::Sequential(torch::nn::Linear(2 * dim, 16),
                                                        torch::nn::ReLU(),
                                                        torch::nn::Linear(16, 1)));
  }

  // Storage compression: the item table dominates the model size.
  void compress_tables() { item_table_->to(torch::kHalf); }

  torch::Tensor forward(const torch::Tensor& user_ids, const torch::Tensor& item_ids) {
    auto items = item_table_(item_ids).to(torch::kFloat);
    auto users = user_table_(user_ids);
    return mlp_->forward(torch::cat({users, items}, /*dim=*/1)).squeeze(1);
  }

  torch::nn::Embedding item_table_{nullptr}, user_table_{nullptr};
  torch::nn::Sequential mlp_{nullptr};
};
TORCH_MODULE(TwoTowerScorer);

torch::Tensor top_k_items(TwoTowerScorer model, int64_t user, int64_t num_items, int64_t k) {
  torch::NoGradGuard no_grad;
  auto items = torch::arange(num_items, torch::kLong);
  auto users = torch::full({num_items}, user, torch::kLong);
  auto scores = model->forward(users, items);
  return std::get<1>(scores.topk(k));
}

int main() {
  torch::manual_seed(47);
  TwoTowerScorer model(/*items=*/200, /*users=*/10, /*dim=*/8);
  model->eval();
  model->compress_tables();
  std::cout << "table dtype " << model->item_table_->weight.dtype() << "\n";
  std::cout << "top items for user 3: " << top_k_items(model, 3, 200, 5) << "\n";
  return 0;
}
