// scenario: fine-tuning converts only the model's head submodule to float64 while the backbone and the data stay float32
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>

struct BackboneImpl : torch::nn::Module {
  BackboneImpl() {
    conv = register_module("conv", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, 8, 3).padding(1)));
  }
  torch::Tensor forward(const torch::Tensor &x) { return torch::relu(conv(x)).mean({2, 3}); }
  torch::nn::Conv2d conv{nullptr};
};
TORCH_MODULE(Backbone);

struct FinetuneNetImpl : torch::nn::Module {
  FinetuneNetImpl(int64_t classes)
      : backbone(register_module("backbone", Backbone())),
        head(register_module("head", torch::nn::Linear(8, classes))) {}
  torch::Tensor forward(const torch::Tensor &images) {
    auto feats = backbone(images);
    return head(feats); // BUG
  }
  Backbone backbone;
  torch::nn::Linear head;
};
TORCH_MODULE(FinetuneNet);

int main() {
  torch::manual_seed(0);
  FinetuneNet net(5);
  // Only the new head is trained; the author wanted a high-precision head.
  net->head->to(torch::kDouble);
  torch::optim::SGD opt(net->head->parameters(), 0.01);
  auto images = torch::rand({4, 3, 12, 12});
  auto labels = torch::randint(0, 5, {4});
  opt.zero_grad();
  auto loss = torch::nn::functional::cross_entropy(net->forward(images), labels);
  loss.backward();
  opt.step();
  std::cout << loss.item<double>() << "\n";
  return 0;
}
