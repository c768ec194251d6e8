// scenario: a segmentation trainer picks its loss from a registry by name; the dataset hands out uint8 masks through a custom collate
// tier: 3
// family: loss-target-dtype
// expect: bug
// verified: cpu-1.13.1
// raises: result type Float can't be cast to the desired output type Byte
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using LossFn = std::function<torch::Tensor(const torch::Tensor&, const torch::Tensor&)>;

const std::map<std::string, LossFn>& loss_registry() {
  namespace F = torch::nn::functional;
  static const std::map<std::string, LossFn> registry = {
      {"mse", [](const torch::Tensor& logits, const torch::Tensor& mask) { return F::mse_loss(torch::sigmoid(logits), mask.to(torch::kFloat)); }},
      {"bce_logits", [](const torch::Tensor& logits, const torch::Tensor& mask) {
         return F::binary_cross_entropy_with_logits(logits, mask, F::BinaryCrossEntropyWithLogitsFuncOptions().pos_weight(torch::full({1}, 3.0))); // BUG
       }},
  };
  return registry;
}

class TileDataset : public torch::data::datasets::Dataset<TileDataset> {
public:
  explicit TileDataset(int64_t n) : n_(n) {}
  torch::data::Example<> get(size_t index) override {
    auto image = torch::rand({1, 16, 16});
    std::vector<uint8_t> mask_pixels(16 * 16);
    for (size_t p = 0; p < mask_pixels.size(); ++p)
      mask_pixels[p] = ((p + index) % 7 == 0) ? 1 : 0;  // as decoded from the PNG annotation
    auto mask = torch::from_blob(mask_pixels.data(), {1, 16, 16}, torch::kUInt8).clone();
    return {image, mask};
  }
  torch::optional<size_t> size() const override { return static_cast<size_t>(n_); }

private:
  int64_t n_;
};

torch::data::Example<> collate(const std::vector<torch::data::Example<>>& samples) {
  std::vector<torch::Tensor> images, masks;
  for (const auto& s : samples) {
    images.push_back(s.data);
    masks.push_back(s.target);
  }
  return {torch::stack(images), torch::stack(masks)};
}

struct TinyUNetImpl : torch::nn::Module {
  TinyUNetImpl() : down(torch::nn::Conv2dOptions(1, 8, 3).padding(1)), head(torch::nn::Conv2dOptions(8, 1, 1)) {
    register_module("down", down);
    register_module("head", head);
  }
  torch::Tensor forward(torch::Tensor x) { return head(torch::relu(down(x))); }
  torch::nn::Conv2d down, head;
};
TORCH_MODULE(TinyUNet);

double train_epoch(TinyUNet& net, torch::optim::Optimizer& opt, const std::string& loss_name) {
  const LossFn& criterion = loss_registry().at(loss_name);
  auto loader = torch::data::make_data_loader(TileDataset(24), torch::data::DataLoaderOptions().batch_size(8));
  double total = 0.0;
  for (auto& samples : *loader) {
    auto batch = collate(samples);
    opt.zero_grad();
    auto loss = criterion(net->forward(batch.data), batch.target);
    loss.backward();
    opt.step();
    total += loss.item<double>();
  }
  return total;
}

int main() {
  torch::manual_seed(0);
  TinyUNet net;
  torch::optim::Adam opt(net->parameters(), torch::optim::AdamOptions(1e-3));
  const std::string loss_name = "bce_logits";
  for (int epoch = 0; epoch < 2; ++epoch)
    std::cout << "epoch " << epoch << " loss " << train_epoch(net, opt, loss_name) << "\n";
  return 0;
}
