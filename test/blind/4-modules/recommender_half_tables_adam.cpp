// scenario: a two-tower recommender keeps its embedding tables in fp16 to fit memory and trains them with Adam on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addcmul_cpu_out" not implemented for 'Half'
#include <torch/torch.h>

#include <iostream>

namespace {

struct TwoTowerImpl : torch::nn::Module {
  TwoTowerImpl(int64_t users, int64_t items, int64_t dim)
      : user_table(register_module("user_table", torch::nn::Embedding(users, dim))),
        item_table(register_module("item_table", torch::nn::Embedding(items, dim))) {}

  // Lookups stay in the tables' dtype; the dot product is done in float.
  torch::Tensor forward(const torch::Tensor &user_ids, const torch::Tensor &item_ids) {
    torch::Tensor u = user_table(user_ids).to(torch::kFloat);
    torch::Tensor v = item_table(item_ids).to(torch::kFloat);
    return (u * v).sum(-1);
  }

  torch::nn::Embedding user_table, item_table;
};
TORCH_MODULE(TwoTower);

struct Trainer {
  TwoTower model;
  torch::optim::Adam optimizer;

  explicit Trainer(TwoTower m)
      : model(m), optimizer(m->parameters(), torch::optim::AdamOptions(1e-3)) {}

  double step(const torch::Tensor &users, const torch::Tensor &items,
              const torch::Tensor &clicked) {
    optimizer.zero_grad();
    torch::Tensor logits = model(users, items);
    torch::Tensor loss =
        torch::nn::functional::binary_cross_entropy_with_logits(logits, clicked);
    loss.backward();
    optimizer.step(); // BUG
    return loss.item<double>();
  }
};

} // namespace

int main() {
  torch::manual_seed(21);
  TwoTower model(1000, 5000, 32);
  model->to(torch::kHalf); // tables are large; store them in half precision
  Trainer trainer(model);

  for (int it = 0; it < 3; ++it) {
    torch::Tensor users = torch::randint(0, 1000, {64}, torch::kLong);
    torch::Tensor items = torch::randint(0, 5000, {64}, torch::kLong);
    torch::Tensor clicked = torch::randint(0, 2, {64}).to(torch::kFloat);
    std::cout << "iter " << it << " loss " << trainer.step(users, items, clicked) << "\n";
  }
  return 0;
}
