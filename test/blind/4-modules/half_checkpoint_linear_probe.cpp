// scenario: a linear probe on frozen features, converted to float16 to match the checkpoint it is loaded from, evaluated on the CPU
// tier: 4
// family: half-on-cpu
// expect: bug
// verified: cpu-1.13.1
// raises: "addmm_impl_cpu_" not implemented for 'Half'
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <map>
#include <string>

class LinearProbeImpl : public torch::nn::Module {
public:
  LinearProbeImpl(int64_t feat_dim, int64_t hidden, int64_t classes)
      : bottleneck_(register_module("bottleneck", torch::nn::Linear(feat_dim, hidden))),
        head_(register_module("head", torch::nn::Linear(hidden, classes))) {}

  torch::Tensor forward(torch::Tensor features) {
    torch::Tensor h = bottleneck_->forward(features); // BUG
    h = torch::gelu(h);
    return head_->forward(h);
  }

  // Loads weights that were exported as float16 and keeps the module in the
  // checkpoint's precision.
  void load_half_checkpoint(const std::map<std::string, torch::Tensor> &state) {
    this->to(torch::kHalf);
    torch::NoGradGuard no_grad;
    for (auto &item : named_parameters()) {
      auto it = state.find(item.key());
      if (it != state.end())
        item.value().copy_(it->second);
    }
  }

private:
  torch::nn::Linear bottleneck_, head_;
};
TORCH_MODULE(LinearProbe);

std::map<std::string, torch::Tensor> fake_checkpoint(int64_t feat_dim, int64_t hidden,
                                                     int64_t classes) {
  std::map<std::string, torch::Tensor> state;
  state["bottleneck.weight"] = (torch::randn({hidden, feat_dim}) * 0.02).to(torch::kHalf);
  state["bottleneck.bias"] = torch::zeros({hidden}, torch::kHalf);
  state["head.weight"] = (torch::randn({classes, hidden}) * 0.02).to(torch::kHalf);
  state["head.bias"] = torch::zeros({classes}, torch::kHalf);
  return state;
}

int main() {
  torch::manual_seed(10);
  const int64_t feat_dim = 48, hidden = 24, classes = 5;
  LinearProbe probe(feat_dim, hidden, classes);
  probe->load_half_checkpoint(fake_checkpoint(feat_dim, hidden, classes));
  probe->eval();

  // Frozen backbone features, cached to disk in float16 as well.
  torch::Tensor features = torch::randn({16, feat_dim}).to(torch::kHalf);
  torch::Tensor labels = torch::randint(0, classes, {16}, torch::kLong);

  torch::NoGradGuard no_grad;
  torch::Tensor logits = probe->forward(features);
  torch::Tensor acc = logits.argmax(1).eq(labels).to(torch::kFloat).mean();
  std::cout << "probe accuracy " << acc.item<float>() << "\n";
  return 0;
}
