// scenario: a parameter server decodes each push into a std::pair of (row ids, rows); the ids arrive as int32 in the wire format and the apply step writes the rows back with index_copy_
// tier: 3
// family: inplace-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: index_copy_(): Expected a long tensor for index, but got Int
#include <torch/torch.h>
#include <cstring>
#include <iostream>
#include <utility>
#include <vector>

struct WireMessage {
  std::vector<int32_t> row_ids;
  std::vector<float> rows; // row-major, ids.size() x dim
  int64_t dim;
};

std::pair<torch::Tensor, torch::Tensor> decode(WireMessage& msg) {
  const int64_t n = static_cast<int64_t>(msg.row_ids.size());
  torch::Tensor ids = torch::from_blob(msg.row_ids.data(), {n}, torch::kInt32).clone();
  torch::Tensor rows = torch::from_blob(msg.rows.data(), {n, msg.dim}, torch::kFloat).clone();
  return {ids, rows};
}

void apply_push(torch::Tensor& shard, const std::pair<torch::Tensor, torch::Tensor>& update) {
  const auto& [ids, rows] = update;
  torch::NoGradGuard no_grad;
  shard.index_copy_(0, ids, rows); // BUG
}

int main() {
  const int64_t rows = 16, dim = 3;
  torch::Tensor shard = torch::zeros({rows, dim});

  WireMessage push;
  push.row_ids = {3, 7, 11};
  push.dim = dim;
  push.rows.assign(push.row_ids.size() * dim, 1.25f);

  auto update = decode(push);
  apply_push(shard, update);
  std::cout << "rows touched " << (shard.abs().sum(1) > 0).sum().item<int64_t>() << "\n";
  return 0;
}
