// scenario: fine-tuning freezes the backbone and casts it to bfloat16 to save memory; its features reach the float32 trainable head
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: mat1 and mat2 must have the same dtype
#include <torch/torch.h>
#include <iostream>
#include <string>

struct BackboneImpl : torch::nn::Module {
  BackboneImpl()
      : proj(register_module("proj", torch::nn::Linear(12, 16))),
        mix(register_module("mix", torch::nn::Linear(16, 16))) {}
  torch::Tensor forward(torch::Tensor x) {
    return torch::gelu(mix(torch::gelu(proj(x))));
  }
  torch::nn::Linear proj, mix;
};
TORCH_MODULE(Backbone);

// Turns off gradients for every parameter of `m` and, when asked, stores the
// now read-only weights in a narrower dtype.
void freeze(torch::nn::Module& m, c10::optional<torch::Dtype> storage) {
  for (auto& p : m.parameters())
    p.set_requires_grad(false);
  if (storage)
    m.to(*storage);
  m.eval();
}

struct FineTunerImpl : torch::nn::Module {
  FineTunerImpl(int64_t classes)
      : backbone(register_module("backbone", Backbone())),
        head(register_module("head", torch::nn::Linear(16, classes))) {}

  torch::Tensor forward(torch::Tensor x) {
    auto frozen_dtype = backbone->proj->weight.scalar_type();
    torch::Tensor feats;
    {
      torch::NoGradGuard no_grad;
      feats = backbone(x.to(frozen_dtype));
    }
    return head(feats); // BUG
  }

  Backbone backbone;
  torch::nn::Linear head;
};
TORCH_MODULE(FineTuner);

int main() {
  torch::manual_seed(0);
  FineTuner model(3);
  freeze(*model->backbone, torch::kBFloat16);

  std::vector<torch::Tensor> trainable;
  for (auto& item : model->named_parameters())
    if (item.value().requires_grad())
      trainable.push_back(item.value());
  torch::optim::Adam opt(trainable, torch::optim::AdamOptions(1e-3));

  for (int step = 0; step < 2; ++step) {
    auto x = torch::randn({4, 12});
    auto y = torch::randint(0, 3, {4});
    auto loss = torch::nn::functional::cross_entropy(model(x), y);
    opt.zero_grad();
    loss.backward();
    opt.step();
    std::cout << "step " << step << " loss " << loss.item<float>() << "\n";
  }
  return 0;
}
