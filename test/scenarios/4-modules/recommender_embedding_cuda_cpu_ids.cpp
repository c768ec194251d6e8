// scenario: a recommender's embedding tables are moved to CUDA but the user ids come from a CPU lookup helper
// tier: 4
// family: device-mismatch
// expect: bug
// verified: source
// source: aten/src/ATen/core/op_registration/adaption.cpp (1.13.1): common_device_check_failure, from the device check of the generated CUDA wrapper of index_select (argument index) that embedding reaches with a CUDA weight and CPU indices
// raises: Expected all tensors to be on the same device, but found at least two devices
#include <torch/torch.h>
#include <iostream>
#include <unordered_map>
#include <vector>

struct RecommenderImpl : torch::nn::Module {
  RecommenderImpl(int64_t users, int64_t items, int64_t dim)
      : user_emb(register_module("user_emb", torch::nn::Embedding(users, dim))),
        item_emb(register_module("item_emb", torch::nn::Embedding(items, dim))) {}

  torch::Tensor forward(const torch::Tensor &user_ids) {
    auto u = user_emb(user_ids); // BUG
    return torch::mm(u, item_emb->weight.t());
  }

  torch::nn::Embedding user_emb, item_emb;
};
TORCH_MODULE(Recommender);

torch::Tensor lookup_ids(const std::vector<std::string> &names,
                         const std::unordered_map<std::string, int64_t> &index) {
  std::vector<int64_t> ids;
  for (const auto &n : names)
    ids.push_back(index.at(n));
  return torch::tensor(ids);
}

int main() {
  torch::manual_seed(0);
  Recommender rec(4, 20, 8);
  rec->to(torch::kCUDA);
  std::unordered_map<std::string, int64_t> index = {{"ana", 0}, {"bo", 1}, {"cy", 2}, {"di", 3}};
  auto ids = lookup_ids({"bo", "di"}, index);
  auto scores = rec->forward(ids);
  std::cout << std::get<1>(scores.topk(3, 1)) << "\n";
  return 0;
}
