// scenario: a parameter-server shard gathers and updates rows with the int32 ids sent by workers
// tier: 3
// family: inplace-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

class RowShard {
public:
  RowShard(int64_t rows, int64_t dim)
      : table_(torch::randn({rows, dim})), hits_(torch::zeros({rows}, torch::kLong)) {}

  torch::Tensor pull(const torch::Tensor &ids) const {
    return table_.index_select(0, ids);
  }

  void push(const torch::Tensor &ids, const torch::Tensor &grads, double lr) {
    table_.index_add_(0, ids, grads, -lr);
    hits_.index_add_(0, ids.to(torch::kLong), torch::ones({ids.size(0)}, torch::kLong));
  }

  // Rows never touched get a decayed default; the fill value is written
  // into the int64 counters as well.
  void decayCold(double floor) {
    torch::Tensor cold = hits_.eq(0);
    table_.index_put_({cold}, torch::tensor(floor, torch::kDouble));
    hits_.masked_fill_(cold, 0.0);
  }

  const torch::Tensor &table() const { return table_; }

private:
  torch::Tensor table_, hits_;
};

torch::Tensor decodeIds(const std::vector<int32_t> &wire) {
  return torch::tensor(wire, torch::kInt);
}

} // namespace

int main() {
  torch::manual_seed(4);
  RowShard shard(32, 8);
  for (int round = 0; round < 3; ++round) {
    torch::Tensor ids = decodeIds({1, 5, 9, 5, static_cast<int32_t>(10 + round)});
    torch::Tensor rows = shard.pull(ids);
    torch::Tensor grads = rows * 0.1;
    shard.push(ids, grads, 0.5);
  }
  shard.decayCold(0.0);
  torch::Tensor marks = torch::zeros({4, 8});
  marks.scatter_(1, torch::randint(0, 8, {4, 1}, torch::kLong), 1.0);
  std::cout << "table norm " << shard.table().norm().item<double>()
            << ", marks " << marks.sum().item<double>() << "\n";
  return 0;
}
