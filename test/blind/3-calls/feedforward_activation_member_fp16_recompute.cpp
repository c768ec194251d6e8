// scenario: a feed-forward block stores its activation as a std::function member; activation checkpointing stashes the pre-activations in float16 and the recompute calls the stored function on the stash on the CPU
// tier: 3
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "GeluKernelImpl" not implemented for 'Half'
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <vector>

struct FeedForward {
  torch::Tensor w_in, w_out;
  std::function<torch::Tensor(const torch::Tensor&)> activation;

  FeedForward(int64_t dim, int64_t hidden)
      : w_in(torch::randn({dim, hidden}) * 0.05), w_out(torch::randn({hidden, dim}) * 0.05) {
    activation = [](const torch::Tensor& t) {
      return torch::gelu(t); // BUG
    };
  }
};

struct CheckpointStash {
  std::vector<torch::Tensor> pre_activations;
  torch::Dtype stash_dtype = torch::kHalf; // halves the stash footprint
  void save(const torch::Tensor& t) { pre_activations.push_back(t.to(stash_dtype)); }
};

torch::Tensor forward_saving(const FeedForward& ff, const torch::Tensor& x, CheckpointStash& stash) {
  torch::Tensor pre = torch::mm(x, ff.w_in);
  stash.save(pre);
  return x + torch::mm(ff.activation(pre), ff.w_out);
}

torch::Tensor recompute_hidden(const FeedForward& ff, const CheckpointStash& stash, size_t layer) {
  return ff.activation(stash.pre_activations.at(layer));
}

int main() {
  torch::manual_seed(23);
  std::vector<FeedForward> layers;
  for (int i = 0; i < 2; ++i) layers.emplace_back(8, 32);

  CheckpointStash stash;
  torch::Tensor x = torch::randn({4, 8});
  for (const auto& ff : layers) x = forward_saving(ff, x, stash);
  std::cout << "output " << x.sizes() << "\n";

  torch::Tensor hidden = recompute_hidden(layers[1], stash, 1);
  std::cout << "recomputed hidden " << hidden.sizes() << "\n";
  return 0;
}
