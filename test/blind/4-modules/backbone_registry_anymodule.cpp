// scenario: a serving process keeps its backbones in a registry of AnyModule and feeds them batches collated from decoded uint8 images
// tier: 4
// family: module-input-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: Input type (unsigned char) and bias type (float) should be the same
#include <torch/torch.h>
#include <cstdint>
#include <iostream>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct TinyBackboneImpl : torch::nn::Module {
  explicit TinyBackboneImpl(int64_t width)
      : conv1(register_module("conv1", torch::nn::Conv2d(torch::nn::Conv2dOptions(3, width, 3).stride(2).padding(1)))),
        conv2(register_module("conv2", torch::nn::Conv2d(torch::nn::Conv2dOptions(width, width, 3).padding(1)))) {}

  torch::Tensor forward(torch::Tensor x) {
    x = torch::relu(conv1(x)); // BUG
    x = torch::relu(conv2(x));
    return torch::adaptive_avg_pool2d(x, {1, 1}).flatten(1);
  }

  torch::nn::Conv2d conv1, conv2;
};
TORCH_MODULE(TinyBackbone);

class BackboneRegistry {
public:
  void add(const std::string &name, torch::nn::AnyModule module) { models_.emplace(name, std::move(module)); }

  torch::Tensor embed(const std::string &name, const torch::Tensor &images) {
    auto &model = models_.at(name);
    return model.forward(images);
  }

private:
  std::unordered_map<std::string, torch::nn::AnyModule> models_;
};

static torch::Tensor collate(std::vector<std::vector<uint8_t>> &buffers, int64_t h, int64_t w) {
  std::vector<torch::Tensor> images;
  for (auto &buf : buffers)
    images.push_back(torch::from_blob(buf.data(), {h, w, 3}, torch::kUInt8).permute({2, 0, 1}));
  return torch::stack(images); // [N, 3, H, W], still uint8
}

int main() {
  BackboneRegistry registry;
  registry.add("tiny-16", torch::nn::AnyModule(TinyBackbone(16)));
  registry.add("tiny-32", torch::nn::AnyModule(TinyBackbone(32)));

  const int64_t h = 32, w = 32;
  std::vector<std::vector<uint8_t>> buffers(4, std::vector<uint8_t>(h * w * 3));
  for (size_t i = 0; i < buffers.size(); ++i)
    for (size_t j = 0; j < buffers[i].size(); ++j)
      buffers[i][j] = static_cast<uint8_t>((i * 31 + j) % 256);

  torch::NoGradGuard no_grad;
  auto batch = collate(buffers, h, w);
  auto feats = registry.embed("tiny-16", batch);
  std::cout << "features " << feats.sizes() << "\n";
  return 0;
}
