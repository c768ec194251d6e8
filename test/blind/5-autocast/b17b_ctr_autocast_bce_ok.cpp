// scenario: a click-through-rate model trained under CPU autocast: its MLP and bilinear bmm give a bfloat16 click probability that goes into a BCELoss inside the region (unsafe under CUDA autocast, float32 on CPU), and its EmbeddingBag takes int32 offsets with int64 ids
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>

#include <cstdint>
#include <iostream>
#include <vector>

namespace {

struct CtrBatch {
  torch::Tensor history;         // int64 item ids, all users concatenated
  torch::Tensor history_offsets; // int32 start of each user's bag
  torch::Tensor candidate;       // int64 [B]
  torch::Tensor ratings;         // uint8 [B], 1..5 stars
};

struct CtrModelImpl : torch::nn::Module {
  CtrModelImpl(int64_t num_items, int64_t dim)
      : history_bag(register_module(
            "history_bag", torch::nn::EmbeddingBag(torch::nn::EmbeddingBagOptions(num_items, dim)
                                                       .mode(torch::kMean)))),
        item_emb(register_module("item_emb", torch::nn::Embedding(num_items, dim))),
        mlp(register_module("mlp", torch::nn::Sequential(torch::nn::Linear(2 * dim, 16),
                                                         torch::nn::ReLU(),
                                                         torch::nn::Linear(16, 1)))) {
    cross = register_parameter("cross", torch::eye(dim) * 0.1);
  }

  torch::Tensor forward(const CtrBatch &b) {
    torch::Tensor user = history_bag(b.history, b.history_offsets); // float
    torch::Tensor item = item_emb(b.candidate);                     // float
    torch::Tensor deep = mlp->forward(torch::cat({user, item}, 1));  // bf16 under autocast
    // Bilinear user x item interaction: [B,1,D] x [B,D,1].
    torch::Tensor wide = torch::bmm(torch::mm(user, cross).unsqueeze(1), item.unsqueeze(2));
    return torch::sigmoid(deep + wide.view({-1, 1})).squeeze(1); // bf16 under autocast
  }

  torch::nn::EmbeddingBag history_bag;
  torch::nn::Embedding item_emb;
  torch::nn::Sequential mlp;
  torch::Tensor cross;
};
TORCH_MODULE(CtrModel);

CtrBatch makeBatch(int64_t batch, int64_t num_items) {
  std::vector<int64_t> history;
  std::vector<int32_t> offsets;
  for (int64_t u = 0; u < batch; ++u) {
    offsets.push_back(static_cast<int32_t>(history.size()));
    for (int64_t k = 0; k < 1 + u % 4; ++k)
      history.push_back((u * 3 + k * 7) % num_items);
  }
  torch::Tensor candidate = torch::randint(0, num_items, {batch});
  torch::Tensor ratings = torch::randint(1, 6, {batch}, torch::kUInt8);
  const int64_t num_bags = static_cast<int64_t>(offsets.size());
  torch::Tensor offsets_t = torch::from_blob(offsets.data(), {num_bags}, torch::kInt32).clone();
  return {torch::tensor(history), offsets_t, candidate, ratings};
}

} // namespace

int main() {
  torch::manual_seed(41);
  const int64_t num_items = 50, dim = 8;
  CtrModel model(num_items, dim);
  torch::nn::BCELoss criterion;
  torch::optim::Adagrad opt(model->parameters(), torch::optim::AdagradOptions(0.05));

  float last_loss = 0.0f;
  for (int step = 0; step < 10; ++step) {
    CtrBatch batch = makeBatch(16, num_items);
    torch::Tensor clicked = (batch.ratings >= 4).to(torch::kFloat);
    torch::Tensor loss;
    at::autocast::set_cpu_enabled(true);
    {
      torch::Tensor p_click = model->forward(batch);
      loss = criterion(p_click, clicked);
    }
    at::autocast::set_cpu_enabled(false);
    at::autocast::clear_cache();

    opt.zero_grad();
    loss.backward();
    opt.step();
    last_loss = loss.item<float>();
  }
  std::cout << "final loss " << last_loss << ", loss dtype float\n";
  return 0;
}
