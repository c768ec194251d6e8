// scenario: a two-tower recommender keeps its negative-sampling pool of item ids as a registered buffer; Module::to(kDouble) for a gradient check converts that buffer too, and the item embedding then gets double ids
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int
#include <torch/torch.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct Interaction {
  int64_t user;
  int64_t item;
};

struct TwoTowerImpl : torch::nn::Module {
  TwoTowerImpl(int64_t num_users, int64_t num_items, int64_t dim, const torch::Tensor &popular)
      : user_emb(register_module("user_emb", torch::nn::Embedding(num_users, dim))),
        item_emb(register_module("item_emb", torch::nn::Embedding(num_items, dim))) {
    negative_pool = register_buffer("negative_pool", popular);
  }

  torch::Tensor score(const torch::Tensor &users, const torch::Tensor &items) {
    return (user_emb(users) * item_emb(items)).sum(-1);
  }

  // BPR: push each observed item above a negative drawn from popular items.
  torch::Tensor bprLoss(const torch::Tensor &users, const torch::Tensor &pos_items) {
    torch::Tensor pick = torch::randint(0, negative_pool.size(0), {users.size(0)});
    torch::Tensor neg_items = negative_pool.index_select(0, pick);
    torch::Tensor user_vecs = user_emb(users);
    torch::Tensor pos_vecs = item_emb(pos_items);
    torch::Tensor neg_vecs = item_emb(neg_items); // BUG
    torch::Tensor margin = (user_vecs * pos_vecs).sum(-1) - (user_vecs * neg_vecs).sum(-1);
    return -torch::log_sigmoid(margin).mean();
  }

  torch::nn::Embedding user_emb;
  torch::nn::Embedding item_emb;
  torch::Tensor negative_pool;
};
TORCH_MODULE(TwoTower);

std::vector<Interaction> loadInteractions(int64_t num_users, int64_t num_items) {
  std::vector<Interaction> log;
  for (int64_t u = 0; u < num_users; ++u)
    for (int64_t k = 0; k < 3; ++k)
      log.push_back({u, (u * 7 + k * 5) % num_items});
  return log;
}

} // namespace

int main() {
  torch::manual_seed(23);
  const int64_t num_users = 12, num_items = 30, dim = 8;
  std::vector<Interaction> log = loadInteractions(num_users, num_items);

  std::vector<int64_t> users, items;
  for (const Interaction &it : log) {
    users.push_back(it.user);
    items.push_back(it.item);
  }
  torch::Tensor user_ids = torch::tensor(users);
  torch::Tensor item_ids = torch::tensor(items);
  torch::Tensor counts = torch::bincount(item_ids, {}, num_items);
  torch::Tensor popular = std::get<1>(counts.topk(10));

  TwoTower model(num_users, num_items, dim, popular);
  // Finite-difference gradient checks want double precision everywhere.
  model->to(torch::kDouble);

  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.1));
  for (int epoch = 0; epoch < 5; ++epoch) {
    torch::Tensor loss = model->bprLoss(user_ids, item_ids);
    opt.zero_grad();
    loss.backward();
    opt.step();
  }
  std::cout << "score(0, 0) = " << model->score(user_ids.slice(0, 0, 1), item_ids.slice(0, 0, 1))
            << "\n";
  return 0;
}
