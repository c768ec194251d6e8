// Real-header tier: numbers outside float16's range given to masked_fill,
// fill_ and full of a float16 tensor (torchdtype-half-overflow). The type
// in the message is the version's spelling: at::Half in 1.13 and 2.6,
// c10::Half in 2.14.
#include <torch/torch.h>
#include <limits>

torch::Tensor masked_softmax(torch::Tensor scores, const torch::Tensor &pad) {
  scores.masked_fill_(pad, -1e9);
  // CHECK-MESSAGES-V113: :[[@LINE-1]]:{{[0-9]+}}: warning: 'masked_fill_' gets -1e9, outside the range of float16 (largest finite value 65504) that 'scores' has; this throws at run time: "value cannot be converted to type at::Half without overflow" [kb: pytorch/half-overflow] [torchdtype-half-overflow]
  // CHECK-MESSAGES-V26: :[[@LINE-2]]:{{[0-9]+}}: warning: 'masked_fill_' gets -1e9, outside the range of float16 (largest finite value 65504) that 'scores' has; this throws at run time: "value cannot be converted to type at::Half without overflow" [kb: pytorch/half-overflow] [torchdtype-half-overflow]
  // CHECK-MESSAGES-V214: :[[@LINE-3]]:{{[0-9]+}}: warning: 'masked_fill_' gets -1e9, outside the range of float16 (largest finite value 65504) that 'scores' has; this throws at run time: "value cannot be converted to type c10::Half without overflow" [kb: pytorch/half-overflow] [torchdtype-half-overflow]
  return scores;
}

void decode(bool fp16) {
  auto scores = torch::randn({4, 4});
  auto pad = torch::zeros({4, 4}, torch::kBool);
  if (fp16)
    scores = scores.to(torch::kHalf);
  masked_softmax(scores, pad);
  auto table = torch::full({8}, 1e5, torch::kHalf);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: 'full' gets 1e5, outside the range of float16 (largest finite value 65504) that its result has
  auto h = torch::ones({2}, torch::kHalf);
  h.fill_(-std::numeric_limits<float>::infinity());
  h.fill_(-65504.0);
  h.masked_fill_(h > 0, -1e4);
  auto b = torch::ones({2}, torch::kBFloat16);
  b.fill_(-1e9);
}
