// scenario: a segmentation trainer reads masks and class maps as uint8 and feeds them to losses through a helper
// tier: 3
// family: loss-target-dtype
// expect: ok
// verified: cpu-1.13.1
#include <torch/torch.h>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

struct SegSample {
  torch::Tensor image;      // [C, P] float
  torch::Tensor fg_mask;    // [P] uint8, 0/1
  torch::Tensor class_map;  // [P] uint8 class ids
};

SegSample load_sample(int64_t pixels, int seed) {
  std::vector<uint8_t> mask(pixels), cls(pixels);
  for (int64_t i = 0; i < pixels; ++i) {
    cls[i] = static_cast<uint8_t>((i + seed) % 3);
    mask[i] = cls[i] != 0;
  }
  return {torch::randn({4, pixels}), torch::tensor(mask), torch::tensor(cls)};
}

// targets for the binary head must match the logits' dtype
torch::Tensor binary_target(const torch::Tensor& mask, const torch::Tensor& logits) {
  return mask.to(logits.scalar_type());
}

int main() {
  torch::manual_seed(4);
  torch::nn::Conv1d backbone(torch::nn::Conv1dOptions(4, 8, 1));
  torch::nn::Conv1d fg_head(torch::nn::Conv1dOptions(8, 1, 1));
  torch::nn::Conv1d cls_head(torch::nn::Conv1dOptions(8, 3, 1));
  std::vector<torch::Tensor> params;
  for (auto* m : std::vector<torch::nn::Module*>{backbone.get(), fg_head.get(), cls_head.get()})
    for (auto& p : m->parameters()) params.push_back(p);
  torch::optim::SGD opt(params, torch::optim::SGDOptions(0.01).momentum(0.9).nesterov(true));

  std::map<std::string, std::function<torch::Tensor(const torch::Tensor&, const SegSample&)>> losses;
  losses["fg"] = [&](const torch::Tensor& feat, const SegSample& s) {
    auto logits = fg_head->forward(feat).squeeze(0).squeeze(0);
    return torch::binary_cross_entropy_with_logits(logits, binary_target(s.fg_mask, logits));
  };
  losses["cls"] = [&](const torch::Tensor& feat, const SegSample& s) {
    auto logp = torch::log_softmax(cls_head->forward(feat).squeeze(0).transpose(0, 1), 1);
    return torch::nll_loss(logp, s.class_map);  // uint8 class ids are accepted as indices
  };

  for (int it = 0; it < 3; ++it) {
    SegSample s = load_sample(64, it);
    opt.zero_grad();
    auto feat = torch::relu(backbone->forward(s.image.unsqueeze(0)));
    auto total = losses.at("fg")(feat, s) + 0.5 * losses.at("cls")(feat, s);
    total.backward();
    opt.step();
    std::cout << "iter " << it << " loss " << total.item<float>() << "\n";
  }
  return 0;
}
