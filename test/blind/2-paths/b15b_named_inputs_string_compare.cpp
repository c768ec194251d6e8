// scenario: a two-tower recommender scoring step over named inputs (float dense blocks and an int64 item id); a std::string `name != "item_id"` test sends the float blocks to mm and the ids to an embedding lookup
// tier: 2
// family: mixed-precision
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <iostream>
#include <map>
#include <string>
#include <utility>
#include <vector>

int main() {
  torch::manual_seed(21);
  const int64_t batch = 6, hidden = 8, items = 50;

  std::vector<std::pair<std::string, torch::Tensor>> inputs{
      {"user_dense", torch::randn({batch, 12})},
      {"item_id", torch::randint(0, items, {batch}, torch::kLong)},
      {"context_dense", torch::randn({batch, 4})}};

  std::map<std::string, torch::Tensor> projections{
      {"user_dense", torch::randn({12, hidden}) * 0.1},
      {"context_dense", torch::randn({4, hidden}) * 0.1}};
  auto item_table = torch::randn({items, hidden}) * 0.1;

  auto acc = torch::zeros({batch, hidden});
  int dense_blocks = 0;
  for (const auto &entry : inputs) {
    const std::string &name = entry.first;
    const torch::Tensor &t = entry.second;
    if (name != "item_id") {
      acc += torch::mm(t, projections.at(name));
      ++dense_blocks;
    } else {
      acc += torch::embedding(item_table, t);
    }
  }

  // A second pass: the id column is only read, to find repeated items.
  torch::Tensor ids;
  for (const auto &entry : inputs)
    if (!(entry.first != "item_id"))
      ids = entry.second;
  auto repeats = torch::bincount(ids, {}, items).gt(1).sum();

  auto scores = torch::sigmoid(acc.sum(1));
  std::cout << "dense blocks " << dense_blocks << " repeats " << repeats.item<int64_t>()
            << " scores " << scores << "\n";
  return dense_blocks == 2 && scores.scalar_type() == torch::kFloat ? 0 : 1;
}
