// scenario: a click-through-rate model trains one step under a CPU autocast guard, mixing a bf16 cached embedding table with float32 features and scoring with binary cross entropy
// tier: 5
// family: autocast-unsafe-op
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <ATen/autocast_mode.h>
#include <iostream>
#include <tuple>

namespace F = torch::nn::functional;

class AutocastRegion {
 public:
  AutocastRegion() : was_enabled_(at::autocast::is_cpu_enabled()) {
    at::autocast::set_cpu_enabled(true);
    at::autocast::increment_nesting();
  }
  ~AutocastRegion() {
    if (at::autocast::decrement_nesting() == 0)
      at::autocast::clear_cache();
    at::autocast::set_cpu_enabled(was_enabled_);
  }

 private:
  bool was_enabled_;
};

struct CtrModelImpl : torch::nn::Module {
  CtrModelImpl(int64_t dense_dim, int64_t emb_dim)
      : dense(register_module("dense", torch::nn::Linear(dense_dim, emb_dim))),
        out(register_module("out", torch::nn::Linear(emb_dim, 1))) {}
  torch::Tensor forward(const torch::Tensor &dense_x, const torch::Tensor &ad_emb) {
    torch::Tensor user = torch::relu(dense(dense_x));
    // Interaction against the ad embedding; under autocast both sides meet in bf16.
    torch::Tensor cross = torch::mm(user, ad_emb.t()).diagonal().unsqueeze(1);
    return out(user).add(cross).squeeze(1);
  }
  torch::nn::Linear dense, out;
};
TORCH_MODULE(CtrModel);

std::tuple<torch::Tensor, torch::Tensor, torch::Tensor> load_batch(int64_t n, int64_t dense_dim,
                                                                   const torch::Tensor &table) {
  torch::Tensor ad_ids = torch::randint(0, table.size(0), {n});
  torch::Tensor clicks = torch::bernoulli(torch::full({n}, 0.1));
  return {torch::randn({n, dense_dim}), table.index_select(0, ad_ids), clicks};
}

int main() {
  torch::manual_seed(23);
  const int64_t dense_dim = 13, emb_dim = 16;
  CtrModel model(dense_dim, emb_dim);
  torch::optim::SGD opt(model->parameters(), torch::optim::SGDOptions(0.05));

  // The ad table is served from a bf16 snapshot to halve its memory.
  torch::Tensor ad_table = torch::randn({1000, emb_dim}).to(torch::kBFloat16);
  auto [dense_x, ad_emb, clicks] = load_batch(256, dense_dim, ad_table);

  torch::Tensor loss;
  {
    AutocastRegion region;
    torch::Tensor logits = model(dense_x, ad_emb);
    loss = F::binary_cross_entropy(torch::sigmoid(logits), clicks);
  }
  opt.zero_grad();
  loss.backward();
  opt.step();
  std::cout << "ctr loss " << loss.item<float>() << " (" << loss.scalar_type() << ")\n";
  return 0;
}
